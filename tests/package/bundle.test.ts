// The no-build-step bundle (dist/bundle/ag-ui-lit.js, `ag-ui-lit/bundle`; the test runner's startup builds it): a
// static page that loads only that file with one <script type="module"> runs a tool round trip.
import { expect } from '@open-wc/testing';

interface BundlePageReport {
  source: 'bundle-page';
  defined?: boolean;
  toolResult?: string;
  answer?: string;
  error?: string;
}

describe('ag-ui-lit/bundle', () => {
  it('runs a tool round trip in a static page that loads only the bundle', async () => {
    const reported = new Promise<BundlePageReport>((resolve) => {
      const listener = (event: MessageEvent<BundlePageReport>) => {
        if (event.data?.source !== 'bundle-page') return;
        window.removeEventListener('message', listener);
        resolve(event.data);
      };
      window.addEventListener('message', listener);
    });
    const frame = document.createElement('iframe');
    frame.src = '/tests/fixtures/bundle-page.html';
    document.body.append(frame);
    try {
      const report = await reported;
      expect(report.error).to.equal(undefined);
      expect(report.defined, '<ag-ui-agent> defined by the bundle').to.equal(true);
      expect(JSON.parse(report.toolResult!)).to.deep.equal({ sum: 5 });
      expect(report.answer).to.equal('Result: {"sum":5}');

      // Nothing but the bundle was loaded (besides the agent's /api/ requests and the script the test runner's dev
      // server injects into every page): no bare imports left to resolve, no chunks.
      const scripts = frame
        .contentWindow!.performance.getEntriesByType('resource')
        .map((entry) => new URL(entry.name).pathname)
        .filter((path) => !path.startsWith('/api/') && !path.startsWith('/__web-dev-server'));
      expect(scripts).to.deep.equal(['/dist/bundle/ag-ui-lit.js']);
    } finally {
      frame.remove();
    }
  });
});
