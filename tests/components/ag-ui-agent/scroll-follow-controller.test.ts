import { expect } from '@open-wc/testing';
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { ScrollFollowController } from '../../../web/src/components/ag-ui-agent/scroll-follow-controller.js';

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
