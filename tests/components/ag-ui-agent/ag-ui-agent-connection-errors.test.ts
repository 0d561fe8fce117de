// <ag-ui-agent> when the agent cannot be reached: a closed port, and a server on another origin that sends no CORS
// headers. The browser reports both as a bare `TypeError: Failed to fetch`; the element says which URL and why.
import { expect, oneEvent } from '@open-wc/testing';
import { $, mount, rendered, scenarioUrl } from './helpers.js';

/** The test page's dev server under the other loopback name: same server, another origin, no CORS headers. */
function crossOrigin(path: string): string {
  const other = location.hostname === '127.0.0.1' ? 'localhost' : '127.0.0.1';
  return `${location.protocol}//${other}:${location.port}${path}`;
}

describe('<ag-ui-agent> connection errors', () => {
  it('reaches the cross-origin server of the CORS case without CORS (an opaque answer): only CORS blocks it', async () => {
    const response = await fetch(crossOrigin(scenarioUrl('text')), { method: 'POST', mode: 'no-cors', body: '{}' });
    expect(response.type).to.equal('opaque');
  });

  const cases = [
    { name: 'an unreachable agent (closed port)', url: () => 'http://127.0.0.1:1/agent' },
    { name: 'an agent on another origin that sends no CORS headers', url: () => crossOrigin(scenarioUrl('text')) },
  ];
  for (const { name, url } of cases) {
    it(`names the URL and the likely causes for ${name}, with network_error and the fetch error as cause`, async () => {
      const target = url();
      const el = await mount(target);
      const failed = oneEvent(el, 'ag-ui-run-error');
      await el.sendMessage('Hi');
      const { detail } = await failed;
      await rendered(el);

      expect(detail.code).to.equal('network_error');
      expect(detail.cause).to.be.instanceOf(TypeError);
      expect(detail.message).to.contain(`Could not reach the agent at ${target}`);
      expect(detail.message).to.match(/server may be down/);
      expect(detail.message).to.match(/CORS/);
      expect(detail.message).to.contain('troubleshooting.md');
      const shown = $(el, '[part="error-message"]')?.textContent ?? '';
      expect(shown).to.contain(`Could not reach the agent at ${target}`);
      expect(shown).not.to.match(/^Failed to fetch$/);
      await expect(el).to.be.accessible();
    });
  }
});
