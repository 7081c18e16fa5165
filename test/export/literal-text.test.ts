import { describe, expect, it } from 'vitest';
import { escapeTemplates } from '../../src/export/literal-text.js';
import { expandTemplate } from '../../src/manifest/index.js';

describe('escaping live text for variable expansion', () => {
  const samples = ['plain', '${HOME}', '$${HOME}', 'a$$${b}', '$', '$$', 'cost: $5 ${x:-y} $${', '}${', '${${}}'];

  it('reads back as the live text, with no variable', () => {
    for (const text of samples) {
      const expanded = expandTemplate(escapeTemplates(text), { HOME: '/root', x: 'X', b: 'B' });
      expect(expanded.variables, text).toEqual([]);
      expect(expanded.text, text).toBe(text);
    }
  });

  it('escapes every string inside lists and maps, and leaves keys and other values alone', () => {
    expect(escapeTemplates({ '${k}': ['${a}', 1, true, null, { b: '${c}' }] })).toEqual({ '${k}': ['$${a}', 1, true, null, { b: '$${c}' }] });
  });
});
