import { expect } from '@open-wc/testing';
import { TranscriptWindow } from '../../../../web/src/components/ag-ui-agent/transcript/transcript-window.js';

describe('TranscriptWindow', () => {
  it('shows the newest entries while following, and all of a short transcript', () => {
    const window = new TranscriptWindow(50, 50, 150);
    expect(window.range(30, true)).to.deep.equal({ start: 0, end: 30 });
    expect(window.range(1000, true)).to.deep.equal({ start: 950, end: 1000 });
    expect(window.atEnd).to.equal(true);
    expect(window.range(1001, true)).to.deep.equal({ start: 951, end: 1001 });
  });

  it('goes up a page at a time, never holding more than max entries', () => {
    const window = new TranscriptWindow(50, 50, 150);
    window.range(1000, true);
    expect(window.earlier(1000)).to.equal(true);
    expect(window.range(1000, false)).to.deep.equal({ start: 900, end: 1000 });
    window.earlier(1000);
    window.earlier(1000);
    expect(window.range(1000, false)).to.deep.equal({ start: 800, end: 950 });
    expect(window.atEnd).to.equal(false);
    // New entries are not rendered while the window is short of the end.
    expect(window.range(1010, false)).to.deep.equal({ start: 800, end: 950 });
    while (window.earlier(1010));
    expect(window.range(1010, false)).to.deep.equal({ start: 0, end: 150 });
    expect(window.earlier(1010)).to.equal(false);
  });

  it('comes back down a page at a time, dropping entries at the top, until it reaches the end', () => {
    const window = new TranscriptWindow(50, 50, 150);
    window.range(1000, true);
    for (let i = 0; i < 10; i++) window.earlier(1000);
    expect(window.range(1000, false)).to.deep.equal({ start: 450, end: 600 });
    expect(window.later(1000)).to.equal(true);
    expect(window.range(1000, false)).to.deep.equal({ start: 500, end: 650 });
    while (window.later(1000));
    expect(window.atEnd).to.equal(true);
    expect(window.range(1000, false)).to.deep.equal({ start: 850, end: 1000 });
    expect(window.later(1000)).to.equal(false);
  });

  it('clamps to a transcript that shrank, and resets', () => {
    const window = new TranscriptWindow(50, 50, 150);
    window.range(1000, true);
    window.earlier(1000);
    window.earlier(1000);
    window.earlier(1000);
    expect(window.range(100, false)).to.deep.equal({ start: 50, end: 100 });
    window.reset();
    expect(window.range(100, false)).to.deep.equal({ start: 0, end: 100 });
  });
});
