import { GatewayError } from '../../../common/errors/error-catalog';

/**
 * The caller's text.generate input, read once into a neutral form that each provider kind
 * translates into its own API (the slug has one input whatever kind serves it, so fallback across
 * kinds needs no help from the caller).
 *
 * The input is `input` (a string: one user message) or `messages` in OpenAI's chat format (roles
 * system, developer, user, assistant, tool; content a string or content parts `text` and
 * `image_url`; assistant `tool_calls`; tool messages with `tool_call_id`), plus optional
 * `max_tokens`, `temperature`, `top_p`, `stop`, `tools` (OpenAI function tools), `tool_choice` and
 * `parallel_tool_calls`. Input this cannot read is the caller's mistake: 400 invalid_request,
 * naming the field, before any upstream is called.
 */
export interface ChatInput {
  /** The system (and developer) messages' text, in order. */
  system: string[];
  /** The conversation without its system messages, in order. */
  turns: ChatTurn[];
  tools: ChatTool[];
  toolChoice?: ChatToolChoice;
  /** `parallel_tool_calls: false`: at most one tool call per answer. */
  singleToolCall: boolean;
  maxTokens?: number;
  temperature?: number;
  topP?: number;
  stop: string[];
  /** Characters of text the prompt holds (messages, tool definitions, tool arguments): the token estimate's base. */
  promptLength: number;
  /** Images the prompt holds (each provider estimates their tokens its own way). */
  images: number;
}

export type ChatTurn =
  | { role: 'user'; parts: ChatPart[] }
  | { role: 'assistant'; parts: ChatPart[]; toolCalls: ChatToolCall[] }
  | { role: 'tool'; toolCallId: string; content: string };

export type ChatPart = { type: 'text'; text: string } | { type: 'image'; image: ChatImage };

/** An image as the caller sent it: inline (a base64 data URL) or by http(s) URL. */
export type ChatImage = { source: 'base64'; mediaType: string; data: string } | { source: 'url'; url: string };

export interface ChatToolCall {
  id: string;
  name: string;
  /** The arguments as the caller sent them: JSON text of an object. */
  arguments: string;
}

export interface ChatTool {
  name: string;
  description?: string;
  /** JSON Schema of the arguments (an object schema); absent: no arguments. */
  parameters?: Record<string, unknown>;
}

export type ChatToolChoice = 'auto' | 'none' | 'required' | { name: string };

/** What a text.generate answer says, whichever kind served it (the slug's one shape). */
export interface ChatResult {
  text: string;
  finish_reason: 'stop' | 'length' | 'tool_calls' | 'content_filter' | null;
  model: string;
  tool_calls?: Array<{ id: string; type: 'function'; function: { name: string; arguments: string } }>;
}

/** Reads the caller's input; throws GatewayError invalid_request naming what is wrong. */
export function readChatInput(input: Record<string, unknown>): ChatInput {
  const chat: ChatInput = {
    system: [],
    turns: [],
    tools: [],
    singleToolCall: input.parallel_tool_calls === false,
    stop: [],
    promptLength: 0,
    images: 0,
  };
  const hasMessages = input.messages !== undefined && input.messages !== null;
  if (hasMessages && input.input !== undefined && input.input !== null) invalid('send either input or messages, not both');
  if (hasMessages) readMessages(input.messages, chat);
  else if (typeof input.input === 'string' && input.input !== '') {
    chat.turns.push({ role: 'user', parts: [{ type: 'text', text: input.input }] });
    chat.promptLength += input.input.length;
  } else invalid('input must be a non-empty string (or send messages)');
  if (chat.turns.length === 0) invalid('messages must hold at least one message besides system messages');

  chat.maxTokens = optionalNumber(input, 'max_tokens', (n) => Number.isSafeInteger(n) && n > 0, 'a positive integer');
  chat.temperature = optionalNumber(input, 'temperature', (n) => n >= 0 && n <= 2, 'a number from 0 to 2');
  chat.topP = optionalNumber(input, 'top_p', (n) => n >= 0 && n <= 1, 'a number from 0 to 1');
  chat.stop = readStop(input.stop);
  chat.tools = readTools(input.tools, chat);
  chat.toolChoice = readToolChoice(input.tool_choice, chat.tools);
  return chat;
}

function readMessages(messages: unknown, chat: ChatInput): void {
  if (!Array.isArray(messages) || messages.length === 0) invalid('messages must be a non-empty array');
  messages.forEach((message: unknown, index) => {
    const at = `messages[${index}]`;
    if (!isObject(message)) invalid(`${at} must be an object`);
    switch (message.role) {
      case 'system':
      case 'developer': {
        const text = textOnly(message.content, `${at}.content`);
        chat.system.push(text);
        chat.promptLength += text.length;
        return;
      }
      case 'user':
        chat.turns.push({ role: 'user', parts: readParts(message.content, `${at}.content`, chat) });
        return;
      case 'assistant': {
        const toolCalls = readToolCalls(message.tool_calls, `${at}.tool_calls`, chat);
        const empty = message.content === null || message.content === undefined;
        if (empty && toolCalls.length === 0) invalid(`${at} needs content or tool_calls`);
        chat.turns.push({ role: 'assistant', parts: empty ? [] : readParts(message.content, `${at}.content`, chat), toolCalls });
        return;
      }
      case 'tool': {
        if (typeof message.tool_call_id !== 'string' || message.tool_call_id === '')
          invalid(`${at}.tool_call_id must be a non-empty string`);
        const content = textOnly(message.content, `${at}.content`);
        chat.turns.push({ role: 'tool', toolCallId: message.tool_call_id, content });
        chat.promptLength += content.length;
        return;
      }
      default:
        invalid(`${at}.role must be system, developer, user, assistant or tool`);
    }
  });
}

function readParts(content: unknown, at: string, chat: ChatInput): ChatPart[] {
  if (typeof content === 'string') {
    chat.promptLength += content.length;
    return [{ type: 'text', text: content }];
  }
  if (!Array.isArray(content) || content.length === 0) invalid(`${at} must be a string or a non-empty array of content parts`);
  return content.map((part: unknown, index): ChatPart => {
    const partAt = `${at}[${index}]`;
    if (!isObject(part)) invalid(`${partAt} must be an object`);
    if (part.type === 'text') {
      if (typeof part.text !== 'string') invalid(`${partAt}.text must be a string`);
      chat.promptLength += part.text.length;
      return { type: 'text', text: part.text };
    }
    if (part.type === 'image_url') {
      const url = isObject(part.image_url) ? part.image_url.url : part.image_url;
      if (typeof url !== 'string') invalid(`${partAt}.image_url.url must be a string`);
      chat.images++;
      return { type: 'image', image: readImage(url, `${partAt}.image_url.url`) };
    }
    return invalid(`${partAt}.type must be text or image_url`);
  });
}

/** `data:<media type>;base64,<data>` or an http(s) URL (fetched by the provider, never by the gateway). */
function readImage(url: string, at: string): ChatImage {
  const data = /^data:([\w.+-]+\/[\w.+-]+);base64,([A-Za-z0-9+/=\s]+)$/.exec(url);
  if (data) return { source: 'base64', mediaType: data[1].toLowerCase(), data: data[2].replace(/\s/g, '') };
  if (/^https?:\/\/\S+$/i.test(url)) return { source: 'url', url };
  return invalid(`${at} must be an http(s) URL or a base64 data URL (data:image/png;base64,...)`);
}

/** System and tool messages: a string, or text parts (joined). */
function textOnly(content: unknown, at: string): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content) && content.every((p) => isObject(p) && p.type === 'text' && typeof p.text === 'string')) {
    return (content as Array<{ text: string }>).map((p) => p.text).join('');
  }
  return invalid(`${at} must be a string or an array of text parts`);
}

function readToolCalls(toolCalls: unknown, at: string, chat: ChatInput): ChatToolCall[] {
  if (toolCalls === undefined || toolCalls === null) return [];
  if (!Array.isArray(toolCalls)) invalid(`${at} must be an array`);
  return toolCalls.map((call: unknown, index) => {
    const callAt = `${at}[${index}]`;
    if (!isObject(call) || !isObject(call.function)) invalid(`${callAt} must be { id, type: "function", function: { name, arguments } }`);
    const { name, arguments: args } = call.function;
    if (typeof call.id !== 'string' || call.id === '') invalid(`${callAt}.id must be a non-empty string`);
    if (typeof name !== 'string' || name === '') invalid(`${callAt}.function.name must be a non-empty string`);
    if (typeof args !== 'string' || !isObject(parseJson(args))) invalid(`${callAt}.function.arguments must be the JSON text of an object`);
    chat.promptLength += name.length + args.length;
    return { id: call.id, name, arguments: args };
  });
}

function readTools(tools: unknown, chat: ChatInput): ChatTool[] {
  if (tools === undefined || tools === null) return [];
  if (!Array.isArray(tools)) invalid('tools must be an array');
  return tools.map((tool: unknown, index) => {
    const at = `tools[${index}]`;
    if (!isObject(tool) || tool.type !== 'function' || !isObject(tool.function)) {
      invalid(`${at} must be { type: "function", function: { name, description?, parameters? } }`);
    }
    const { name, description, parameters } = tool.function;
    if (typeof name !== 'string' || name === '') invalid(`${at}.function.name must be a non-empty string`);
    if (description !== undefined && typeof description !== 'string') invalid(`${at}.function.description must be a string`);
    if (parameters !== undefined && !isObject(parameters)) invalid(`${at}.function.parameters must be a JSON Schema object`);
    chat.promptLength += JSON.stringify(tool.function).length;
    return { name, ...(description === undefined ? {} : { description }), ...(parameters === undefined ? {} : { parameters }) };
  });
}

function readToolChoice(choice: unknown, tools: ChatTool[]): ChatToolChoice | undefined {
  if (choice === undefined || choice === null) return undefined;
  if (choice === 'auto' || choice === 'none' || choice === 'required') return choice;
  if (isObject(choice) && choice.type === 'function' && isObject(choice.function) && typeof choice.function.name === 'string') {
    const name = choice.function.name;
    if (!tools.some((t) => t.name === name)) invalid(`tool_choice names ${JSON.stringify(name)}, which is not in tools`);
    return { name };
  }
  return invalid('tool_choice must be "auto", "none", "required" or { type: "function", function: { name } }');
}

function readStop(stop: unknown): string[] {
  if (stop === undefined || stop === null) return [];
  if (typeof stop === 'string') return [stop];
  if (Array.isArray(stop) && stop.every((s) => typeof s === 'string')) return stop;
  return invalid('stop must be a string or an array of strings');
}

function optionalNumber(input: Record<string, unknown>, field: string, valid: (n: number) => boolean, what: string): number | undefined {
  const value = input[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value) || !valid(value)) invalid(`${field} must be ${what}`);
  return value;
}

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function invalid(problem: string): never {
  throw new GatewayError('invalid_request', problem, { problems: [problem] });
}
