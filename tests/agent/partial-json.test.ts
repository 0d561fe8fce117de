import { expect } from '@open-wc/testing';
import { parsePartialJson } from '../../web/src/agent/partial-json.js';

describe('parsePartialJson', () => {
  const cases: Array<[string, unknown]> = [
    ['{"city":"Paris"}', { city: 'Paris' }],
    ['{"city":"Par', { city: 'Par' }],
    ['{"a":1,', { a: 1 }],
    ['{"a":1,"b', { a: 1 }],
    ['{"a":1,"b":', { a: 1 }],
    ['{"a":tr', {}],
    ['{"a":1.', { a: 1 }],
    ['[1, 2,', [1, 2]],
    ['{"list":[{"x":"y\\', { list: [{ x: 'y' }] }],
    ['{"s":"\\u00', { s: '' }],
    ['', undefined],
    ['not json', undefined],
    ['{"a":1}}', undefined],
  ];
  for (const [text, expected] of cases) {
    it(`recovers ${JSON.stringify(text)}`, () => {
      expect(parsePartialJson(text)).to.deep.equal(expected);
    });
  }
});
