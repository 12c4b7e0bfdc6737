import { textGenerateProblems } from '../../src/gateway/dto/text-generate.requests';
import { validateInput } from '../../src/gateway/input-validation';
import { GatewayError } from '../../src/common/errors/error-catalog';

/** text.generate's body: `input` or `messages` (OpenAI's chat format), optional tools; every problem named. */
describe('text.generate input', () => {
  const image = { type: 'image_url', image_url: { url: 'https://x.example/a.png' } };
  const valid: Array<Record<string, unknown>> = [
    { input: 'hi' },
    { input: 'hi', stream: true, max_tokens: 5, temperature: 9 },
    { messages: [{ role: 'user', content: 'hi' }] },
    {
      messages: [
        { role: 'system', content: 'be brief' },
        { role: 'user', content: [{ type: 'text', text: 'what?' }, image] },
      ],
    },
    {
      messages: [
        { role: 'user', content: 'weather?' },
        { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'w', arguments: '{}' } }] },
        { role: 'tool', tool_call_id: 'c1', content: 'sunny' },
      ],
      tools: [{ type: 'function', function: { name: 'w', parameters: { type: 'object' } } }],
      tool_choice: { type: 'function', function: { name: 'w' } },
    },
    { input: 'hi', tools: [], tool_choice: 'none' },
  ];
  const invalid: Array<[Record<string, unknown>, string]> = [
    [{}, 'input (a non-empty string) or messages (a non-empty array) is required'],
    [{ input: '' }, 'input must be a string, not empty'],
    [{ input: { constructor: 1 } }, 'input must be a string, not empty'],
    [{ input: 'hi', messages: [] }, 'send "input" or "messages", not both'],
    [{ messages: 'hi' }, 'messages must be a non-empty array'],
    [{ messages: [7] }, 'messages.0 must be an object'],
    [{ messages: [{ role: 'bot', content: 'x' }] }, 'messages.0.role must be one of system, developer, user, assistant, tool'],
    [{ messages: [{ role: 'user' }] }, 'messages.0.content must be a string or an array of content parts'],
    [{ messages: [{ role: 'assistant', content: null }] }, 'messages.0.content must be a string or an array of content parts'],
    [{ messages: [{ role: 'user', content: [] }] }, 'messages.0.content must not be empty'],
    [{ messages: [{ role: 'user', content: [{ text: 'x' }] }] }, 'messages.0.content.0 must be an object with a "type"'],
    [
      { messages: [{ role: 'user', content: [{ type: 'image_url', image_url: {} }] }] },
      'messages.0.content.0.image_url.url must be a non-empty string',
    ],
    [{ messages: [{ role: 'tool', content: 'x' }] }, 'messages.0.tool_call_id must be a non-empty string'],
    [{ input: 'hi', tools: {} }, 'tools must be an array'],
    [{ input: 'hi', tools: [{ type: 'function', function: {} }] }, 'tools.0 must be { "type": "function", "function": { "name": … } }'],
    [
      { input: 'hi', tools: [{ type: 'function', function: { name: 'f', parameters: 'x' } }] },
      'tools.0.function.parameters must be a JSON Schema object',
    ],
    [
      { input: 'hi', tool_choice: 'sometimes' },
      'tool_choice must be "none", "auto", "required" or { "type": "function", "function": { "name": … } }',
    ],
    [{ input: 'hi', stream: 'yes' }, 'stream must be a boolean value'],
  ];

  it('accepts input or messages in their valid shapes', () => {
    for (const body of valid) expect([body, textGenerateProblems(body)]).toEqual([body, []]);
  });

  it('names the problem of each bad shape', () => {
    for (const [body, problem] of invalid) expect([body, textGenerateProblems(body)]).toEqual([body, [problem]]);
  });

  it('a 400 invalid_request lists every problem; other slugs are not checked here', () => {
    let err: unknown;
    try {
      validateInput('text.generate', { tools: 1, stream: 1 });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(GatewayError);
    expect((err as GatewayError).details).toEqual({
      problems: [
        'input (a non-empty string) or messages (a non-empty array) is required',
        'tools must be an array',
        'stream must be a boolean value',
      ],
    });
    expect(() => validateInput('text.summarize', {})).not.toThrow();
  });
});
