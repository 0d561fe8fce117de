import { expect } from '@open-wc/testing';
import { Lexer } from 'marked';
import { markdownWarmedUp, runMarkdownWarmUpStep, runMarkdownWarmUpSteps } from '../../web/src/internal/markdown-warm-up.js';
import { renderMarkdown } from '../../web/src/internal/markdown.js';

/** marked's GFM rules (what the renderer's `Marked` runs). */
const rules = (): RegExp[] =>
  [...Object.values(Lexer.rules.block.gfm), ...Object.values(Lexer.rules.inline.gfm)].filter((rule): rule is RegExp => rule instanceof RegExp);

const isTwoByte = (text: string): boolean => [...text].some((char) => char.charCodeAt(0) > 0xff);

/** Records every `exec` of a regular expression (`test`, `match` and `replace` go through it too) while `fn` runs. */
function recordExecs(fn: () => void): Array<{ regex: RegExp; twoByte: boolean }> {
  const calls: Array<{ regex: RegExp; twoByte: boolean }> = [];
  const exec = RegExp.prototype.exec;
  RegExp.prototype.exec = function (this: RegExp, subject: string) {
    calls.push({ regex: this, twoByte: isTwoByte(String(subject)) });
    return exec.call(this, subject);
  };
  try {
    fn();
  } finally {
    RegExp.prototype.exec = exec;
  }
  return calls;
}

// One page per test file: the steps are module state, so these tests run in order on a cold page.
describe('internal/markdown-warm-up', () => {
  it('runs one step when the deadline has passed, so every slice makes progress', () => {
    const calls = recordExecs(() => expect(runMarkdownWarmUpSteps(performance.now() - 1)).to.equal(true));
    // The first step is one rule, run once.
    expect(calls).to.have.length(1);
    expect(rules()).to.include(calls[0]!.regex);
  });

  it('compiles each of marked’s GFM rules on its own (bytecode, then machine code), for one-byte text first', () => {
    const oneByte = recordExecs(() => expect(runMarkdownWarmUpSteps(Infinity, 'one-byte')).to.equal(false));
    expect(markdownWarmedUp('one-byte')).to.equal(true);
    expect(markdownWarmedUp()).to.equal(false);
    expect(oneByte.some((call) => call.twoByte)).to.equal(false);
    for (const rule of rules()) {
      // Twice (the first step, in the previous test, counts for the first rule).
      expect(oneByte.filter((call) => call.regex === rule).length + (rule === rules()[0] ? 1 : 0), rule.source).to.be.at.least(2);
    }
    // Nothing left for one-byte text: a slice for it runs no step.
    expect(recordExecs(() => expect(runMarkdownWarmUpSteps(performance.now() - 1, 'one-byte')).to.equal(false))).to.have.length(0);
  });

  it('then for two-byte text, each rule in a step of its own before the first two-byte rendering', () => {
    let steps = 0;
    const twoByte = recordExecs(() => {
      while (runMarkdownWarmUpStep()) {
        steps++;
        expect(steps).to.be.below(1000);
      }
    });
    expect(markdownWarmedUp()).to.equal(true);
    expect(runMarkdownWarmUpStep()).to.equal(false);
    expect(runMarkdownWarmUpSteps(performance.now() + 1000)).to.equal(false);
    // The first rendering's first regular expression is not one of the rules (marked normalizes line ends first).
    const firstTwoByteRender = twoByte.findIndex((call) => call.twoByte && !rules().includes(call.regex));
    expect(firstTwoByteRender).to.be.above(-1);
    for (const rule of rules()) {
      const first = twoByte.findIndex((call) => call.twoByte && call.regex === rule);
      expect(first, rule.source).to.be.above(-1).and.below(firstTwoByteRender);
    }
    // The renderer works as before and its configuration (sanitizing, links in a new context) is untouched.
    expect(renderMarkdown('**a** [b](https://example.com) <img src=x onerror=alert(1)>')).to.equal(
      '<p><strong>a</strong> <a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">b</a> <img src="x"></p>\n',
    );
  });
});
