import { expect } from '@open-wc/testing';
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { ScrollFollowController } from '../../../../web/src/components/ag-ui-agent/controllers/scroll-follow-controller.js';

/** A host that only collects its controllers (the key handling needs no update cycle). */
function host(): ReactiveControllerHost {
  const controllers: ReactiveController[] = [];
  return {
    addController: (controller) => controllers.push(controller),
    removeController: () => {},
    requestUpdate: () => {},
    get updateComplete() {
      return Promise.resolve(true);
    },
  };
}

/** A scroller holding `child`, with the controller's keydown listener on it; dispatches `key` from `child`. */
function pressIn(child: HTMLElement, key: string): ScrollFollowController {
  const scroller = document.createElement('div');
  scroller.append(child);
  document.body.append(scroller);
  const controller = new ScrollFollowController(host(), { scroller: () => scroller, content: () => child });
  scroller.addEventListener('keydown', controller.onKeyDown);
  child.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, composed: true }));
  scroller.remove();
  return controller;
}

describe('ScrollFollowController keys', () => {
  for (const key of ['ArrowUp', 'PageUp', 'Home']) {
    it(`stops following when ${key} is pressed in the transcript`, () => {
      const card = document.createElement('div');
      card.tabIndex = -1;
      expect(pressIn(card, key).following).to.equal(false);
    });
  }

  it('ignores the same keys typed into a text field inside it (an approval reason, an interrupt form)', () => {
    for (const field of [document.createElement('input'), document.createElement('textarea')]) {
      for (const key of ['ArrowUp', 'PageUp', 'Home']) expect(pressIn(field, key).following, `${field.localName} ${key}`).to.equal(true);
    }
    const checkbox = Object.assign(document.createElement('input'), { type: 'checkbox' });
    expect(pressIn(checkbox, 'ArrowUp').following).to.equal(false);
  });
});

/** Two animation frames: a `ResizeObserver` notification and the controller's frame after it. */
async function frames(): Promise<void> {
  for (let i = 0; i < 2; i++) await new Promise((resolve) => requestAnimationFrame(resolve));
}

describe('ScrollFollowController keepInPlace', () => {
  it('keeps the element in place across the update, and while late layout above it grows, until the reader scrolls', async () => {
    const scroller = Object.assign(document.createElement('div'), { style: 'height: 200px; overflow: auto' });
    const content = document.createElement('div');
    const above = Object.assign(document.createElement('div'), { style: 'height: 1000px' });
    const anchor = Object.assign(document.createElement('div'), { style: 'height: 50px' });
    const below = Object.assign(document.createElement('div'), { style: 'height: 1000px' });
    content.append(above, anchor, below);
    scroller.append(content);
    document.body.append(scroller);
    const controller = new ScrollFollowController(host(), { scroller: () => scroller, content: () => content });
    scroller.addEventListener('scroll', controller.onScroll);
    try {
      controller.hostConnected();
      controller.unfollow();
      controller.hostUpdated();
      scroller.scrollTop = 950;
      await frames();
      const offset = () => anchor.getBoundingClientRect().top - scroller.getBoundingClientRect().top;
      const start = offset();

      // An update inserts content above it.
      controller.keepInPlace(anchor);
      above.style.height = '1500px';
      controller.hostUpdated();
      expect(offset()).to.be.closeTo(start, 1);

      // Late layout above it (blocks getting their real height): held in place, a frame later.
      above.style.height = '1800px';
      await frames();
      expect(offset()).to.be.closeTo(start, 1);

      // Content above grows, and the reader scrolls in the next frame, before the controller's frame handles that
      // growth and before their scroll event came: their position is kept, not the element's.
      const afterScroll = await new Promise<number>((resolve) => {
        requestAnimationFrame(() => {
          above.style.height = '2100px';
          requestAnimationFrame(() => {
            scroller.scrollTop -= 100;
            resolve(offset());
          });
        });
      });
      await frames();
      expect(offset()).to.be.closeTo(afterScroll, 1);
      // From then on, what is above may move it.
      above.style.height = '2400px';
      await frames();
      expect(offset()).to.be.closeTo(afterScroll + 300, 1);
    } finally {
      controller.hostDisconnected();
      scroller.remove();
    }
  });
});
