import { promptProblem, toolChoiceProblem, toolsProblem } from '../../proxy/text-generation';

const NO_PROBLEMS: readonly string[] = Object.freeze([]);

/**
 * Every problem of a text.generate body (docs/api/calls.md): `input` (one user message)
 * or `messages` (OpenAI's chat format: images in content parts, tool calls and results), optional
 * OpenAI function `tools` and `tool_choice`, `stream` a boolean. Other fields (max_tokens,
 * temperature, top_p, stop) pass through; a kind forwards those it can use when they are valid.
 * Plain checks rather than class-validator decorators: this runs on every text.generate call, and
 * reads only the fields it names (nothing else of the body is copied or walked).
 */
export function textGenerateProblems(body: Record<string, unknown>): readonly string[] {
  const prompt = promptProblem(body.input, body.messages);
  const tools = body.tools === undefined || body.tools === null ? null : toolsProblem(body.tools);
  const toolChoice = body.tool_choice === undefined || body.tool_choice === null ? null : toolChoiceProblem(body.tool_choice);
  const stream =
    body.stream === undefined || body.stream === null || typeof body.stream === 'boolean' ? null : 'stream must be a boolean value';
  if (prompt === null && tools === null && toolChoice === null && stream === null) return NO_PROBLEMS;
  return [prompt, tools, toolChoice, stream].filter((problem): problem is string => problem !== null);
}
