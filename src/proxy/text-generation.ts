import { isObject } from './providers/shared/json';

/**
 * text.generate's one shape, whatever kind serves it (so fallback works across kinds): the input
 * is `input` (one user message) or `messages` in OpenAI's chat format, with optional OpenAI
 * function `tools` and `tool_choice`; the result is a TextGeneration. The checks here are the
 * gateway's (gateway/dto/text-generate.request.ts) and each kind's for text slugs the gateway does
 * not validate; each returns the problem, or null, and allocates nothing when the input is valid.
 */

export type FinishReason = 'stop' | 'length' | 'tool_calls' | 'content_filter' | null;

export interface ToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

export interface TextGeneration {
  text: string;
  finish_reason: FinishReason;
  /** The model that answered, as its upstream names it. */
  model: string;
  /** The functions the model asks the caller to run (only when it asked for any). */
  tool_calls?: ToolCall[];
}

const ROLES = new Set(['system', 'developer', 'user', 'assistant', 'tool']);
const TOOL_CHOICES = new Set(['none', 'auto', 'required']);

function isNonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value !== '';
}

/** `input` or `messages`, not both, not neither (the gateway reports this one on its own). */
export function promptProblem(input: unknown, messages: unknown): string | null {
  if (input !== undefined && messages !== undefined) return 'send "input" or "messages", not both';
  if (input === undefined && messages === undefined) return 'input (a non-empty string) or messages (a non-empty array) is required';
  if (input !== undefined) return isNonEmptyString(input) ? null : 'input must be a string, not empty';
  return messagesProblem(messages);
}

/** OpenAI chat messages: a role each, string or content-part content, tool results naming their call. */
export function messagesProblem(messages: unknown): string | null {
  if (!Array.isArray(messages) || messages.length === 0) return 'messages must be a non-empty array';
  for (let i = 0; i < messages.length; i++) {
    const message: unknown = messages[i];
    if (!isObject(message)) return `messages.${i} must be an object`;
    const role = message.role;
    if (typeof role !== 'string' || !ROLES.has(role)) return `messages.${i}.role must be one of system, developer, user, assistant, tool`;
    const content = message.content;
    if (typeof content === 'string') {
      // Fine as it is.
    } else if (Array.isArray(content)) {
      const problem = partsProblem(content, i);
      if (problem) return problem;
    } else if (!(role === 'assistant' && (content === undefined || content === null) && Array.isArray(message.tool_calls))) {
      return `messages.${i}.content must be a string or an array of content parts`;
    }
    if (role === 'tool' && !isNonEmptyString(message.tool_call_id)) return `messages.${i}.tool_call_id must be a non-empty string`;
  }
  return null;
}

function partsProblem(parts: unknown[], index: number): string | null {
  if (parts.length === 0) return `messages.${index}.content must not be empty`;
  for (let j = 0; j < parts.length; j++) {
    const part: unknown = parts[j];
    const where = `messages.${index}.content.${j}`;
    if (!isObject(part) || !isNonEmptyString(part.type)) return `${where} must be an object with a "type"`;
    if (part.type === 'text' && typeof part.text !== 'string') return `${where}.text must be a string`;
    if (part.type === 'image_url' && !(isObject(part.image_url) && isNonEmptyString(part.image_url.url))) {
      return `${where}.image_url.url must be a non-empty string`;
    }
  }
  return null;
}

/** OpenAI function tools: `[{ type: 'function', function: { name, description?, parameters? } }]`. */
export function toolsProblem(tools: unknown): string | null {
  if (!Array.isArray(tools)) return 'tools must be an array';
  for (let i = 0; i < tools.length; i++) {
    const tool: unknown = tools[i];
    if (!isObject(tool) || tool.type !== 'function' || !isObject(tool.function) || !isNonEmptyString(tool.function.name)) {
      return `tools.${i} must be { "type": "function", "function": { "name": … } }`;
    }
    if (tool.function.parameters !== undefined && !isObject(tool.function.parameters)) {
      return `tools.${i}.function.parameters must be a JSON Schema object`;
    }
  }
  return null;
}

/** `none`, `auto`, `required`, or `{ type: 'function', function: { name } }`. */
export function toolChoiceProblem(choice: unknown): string | null {
  if (typeof choice === 'string' && TOOL_CHOICES.has(choice)) return null;
  if (isObject(choice) && choice.type === 'function' && isObject(choice.function) && isNonEmptyString(choice.function.name)) {
    return null;
  }
  return 'tool_choice must be "none", "auto", "required" or { "type": "function", "function": { "name": … } }';
}

/** Every problem of a text.generate input (for kinds serving a text slug the gateway did not check). */
export function textGenerationInputProblem(input: Record<string, unknown>): string | null {
  return (
    promptProblem(input.input, input.messages) ??
    (input.tools === undefined ? null : toolsProblem(input.tools)) ??
    (input.tool_choice === undefined ? null : toolChoiceProblem(input.tool_choice))
  );
}

/**
 * The text of a text.generate input: `input`, or the text of every message (string contents and
 * text parts, one per line). For kinds that take a plain prompt (the simulator).
 */
export function promptTextOf(input: Record<string, unknown>): string {
  if (typeof input.input === 'string') return input.input;
  if (!Array.isArray(input.messages)) return '';
  const lines: string[] = [];
  for (const message of input.messages as unknown[]) {
    const content = isObject(message) ? message.content : undefined;
    if (typeof content === 'string') lines.push(content);
    else if (Array.isArray(content)) {
      for (const part of content as unknown[]) if (isObject(part) && typeof part.text === 'string') lines.push(part.text);
    }
  }
  return lines.join('\n');
}
