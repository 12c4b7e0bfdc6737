import { GatewayError } from '../../../../src/common/errors/error-catalog';
import { readChatInput } from '../../../../src/proxy/providers/shared/chat-input';
import { MeteredUsage } from '../../../../src/proxy/providers/shared/metered-usage';

describe('the slug’s one text.generate input, read once for every kind that translates it', () => {
  it('`input` is one user message; its length is the estimate’s base', () => {
    expect(readChatInput({ input: 'Hello', stream: true })).toEqual({
      system: [],
      turns: [{ role: 'user', parts: [{ type: 'text', text: 'Hello' }] }],
      tools: [],
      singleToolCall: false,
      stop: [],
      promptLength: 5,
      images: 0,
    });
  });

  it('reads OpenAI’s message forms: developer as system, image_url as an object or a bare string, data URLs by media type', () => {
    const chat = readChatInput({
      messages: [
        { role: 'developer', content: 'Rules.' },
        {
          role: 'user',
          content: [
            { type: 'image_url', image_url: 'https://example.com/a.png' },
            { type: 'image_url', image_url: { url: 'data:image/JPEG;base64,AAAA\nBBBB' } },
          ],
        },
      ],
      max_tokens: 10,
      temperature: 0,
      stop: 'x',
    });
    expect(chat.system).toEqual(['Rules.']);
    expect(chat.turns).toEqual([
      {
        role: 'user',
        parts: [
          { type: 'image', image: { source: 'url', url: 'https://example.com/a.png' } },
          { type: 'image', image: { source: 'base64', mediaType: 'image/jpeg', data: 'AAAABBBB' } },
        ],
      },
    ]);
    expect(chat).toMatchObject({ maxTokens: 10, temperature: 0, stop: ['x'], images: 2, promptLength: 6 });
  });

  it('names the field that is wrong, as invalid_request', () => {
    const problem = (input: Record<string, unknown>) => {
      try {
        readChatInput(input);
        return null;
      } catch (err) {
        expect(err).toBeInstanceOf(GatewayError);
        return (err as GatewayError).message;
      }
    };
    expect(problem({ messages: [{ role: 'user', content: [{ type: 'text', text: 1 }] }] })).toBe(
      'messages[0].content[0].text must be a string',
    );
    expect(problem({ messages: [{ role: 'assistant', content: null }] })).toBe('messages[0] needs content or tool_calls');
    expect(problem({ input: 'x', top_p: 2 })).toBe('top_p must be a number from 0 to 1');
    expect(problem({ input: 'x', tool_choice: 'sometimes' })).toMatch(/^tool_choice must be/);
  });
});

describe('usage of several meters', () => {
  it('is reported only when every meter was; the first invalid report is kept', () => {
    expect(new MeteredUsage().reported('input_tokens', 5n).reported('output_tokens', 2n).usage()).toEqual({
      meters: { input_tokens: 5n, output_tokens: 2n },
      source: 'reported',
    });
    expect(
      new MeteredUsage().reported('input_tokens', 5n).estimate('output_tokens', 3n, -1).estimate('cached_input_tokens', 0n, 'x').usage(),
    ).toEqual({
      meters: { input_tokens: 5n, output_tokens: 3n, cached_input_tokens: 0n },
      source: 'estimated',
      rejected: '-1',
    });
    expect(new MeteredUsage().estimate('input_tokens', 4n).usage()).toEqual({ meters: { input_tokens: 4n }, source: 'estimated' });
  });
});
