import { Allow, IsBoolean, IsOptional, ValidateBy, type ValidationArguments } from 'class-validator';
import { promptProblem, toolChoiceProblem, toolsProblem } from '../../proxy/text-generation';

/** A property rule from a function that names the problem (proxy/text-generation.ts), or returns null. */
function Satisfies(name: string, problemOf: (value: unknown, object: Record<string, unknown>) => string | null): PropertyDecorator {
  return ValidateBy({
    name,
    validator: {
      validate: (value: unknown, args?: ValidationArguments) => problemOf(value, args!.object as Record<string, unknown>) === null,
      defaultMessage: (args?: ValidationArguments) => problemOf(args!.value, args!.object as Record<string, unknown>) ?? name,
    },
  });
}

/**
 * Body of text.generate (README "The slug's one shape"): `input` (one user message) or `messages`
 * (OpenAI's chat format: images in content parts, tool calls and results), optional OpenAI
 * function `tools` and `tool_choice`. Other fields (max_tokens, temperature, top_p, stop) pass
 * through; a kind forwards those it can use when they are valid.
 */
export class TextGenerateRequest {
  // Checks `messages` too: exactly one of the two is required.
  @Satisfies('prompt', (_, body) => promptProblem(body.input, body.messages))
  input?: string;

  @Allow()
  messages?: unknown[];

  @IsOptional()
  @Satisfies('tools', toolsProblem)
  tools?: unknown[];

  @IsOptional()
  @Satisfies('toolChoice', toolChoiceProblem)
  tool_choice?: unknown;

  @IsOptional()
  @IsBoolean()
  stream?: boolean;
}
