import { GatewayError } from '../../../src/common/errors/error-catalog';
import { checkJsonText, checkJsonValue, JsonBounds, PUBLIC_JSON_BOUNDS } from '../../../src/common/http/json-body';

const bounds: JsonBounds = { maxDepth: 3, maxNodes: 5 };

function textError(json: string, b: JsonBounds = bounds): GatewayError | undefined {
  try {
    checkJsonText(Buffer.from(json), b);
    return undefined;
  } catch (err) {
    return err as GatewayError;
  }
}

function valueError(value: unknown, b: JsonBounds = bounds): GatewayError | undefined {
  try {
    checkJsonValue(value, b);
    return undefined;
  } catch (err) {
    return err as GatewayError;
  }
}

describe('JSON input bounds', () => {
  it('counts depth from the outermost container, on text and parsed values alike', () => {
    for (const json of ['{"a":[{"b":1}]}', '[[[]]]', '{"a":"[[[[[[["}']) {
      expect(textError(json)).toBeUndefined();
      expect(valueError(JSON.parse(json))).toBeUndefined();
    }
    for (const json of ['{"a":[{"b":[]}]}', '[[[[]]]]']) {
      expect(textError(json)).toMatchObject({ code: 'invalid_request', details: { limit: 'depth', max_depth: 3 } });
      expect(valueError(JSON.parse(json))).toMatchObject({ code: 'invalid_request', details: { limit: 'depth', max_depth: 3 } });
    }
  });

  it('counts object members and array items exactly, whitespace and strings aside', () => {
    const five = ['{"a":1,"b":[1,2],"c":{}}', ' { "a" : [ 1 , 2 , 3 , 4 ] } ', '{"a,b,c,d,e,f":[[],[],[]],"x":0}'];
    for (const json of five) {
      expect(textError(json)).toBeUndefined();
      expect(valueError(JSON.parse(json))).toBeUndefined();
    }
    const six = ['{"a":1,"b":[1,2],"c":{"d":0}}', '{"a":[1,2,3,4,5]}', '[[],[],[],[],[],[]]'];
    for (const json of six) {
      expect(textError(json)).toMatchObject({ details: { limit: 'nodes', max_nodes: 5 } });
      expect(valueError(JSON.parse(json))).toMatchObject({ details: { limit: 'nodes', max_nodes: 5 } });
    }
  });

  it('rejects NUL in any string or key, and only a real one (an escaped backslash before u0000 is not)', () => {
    for (const json of ['{"a":"x\\u0000"}', '{"a\\u0000":1}', '{"a":["\\u0000"]}']) {
      expect(textError(json)).toMatchObject({ code: 'invalid_request', details: { limit: 'nul_character' } });
      expect(valueError(JSON.parse(json))).toMatchObject({ code: 'invalid_request', details: { limit: 'nul_character' } });
    }
    expect(textError('{"a":"\\\\u0000"}')).toBeUndefined();
    expect(valueError(JSON.parse('{"a":"\\\\u0000"}'))).toBeUndefined();
    expect(textError('{"a":"\\"\\u0001"}')).toBeUndefined();
  });

  it('stops a 500,000-deep body at the bound without parsing it or using the call stack', () => {
    const deep = Buffer.from('['.repeat(500_000) + ']'.repeat(500_000));
    expect(() => checkJsonText(deep, PUBLIC_JSON_BOUNDS)).toThrow(GatewayError);
    let nested: unknown = [];
    for (let i = 0; i < 100_000; i++) nested = [nested];
    expect(valueError(nested, PUBLIC_JSON_BOUNDS)).toMatchObject({ details: { limit: 'depth', max_depth: 32 } });
  });
});
