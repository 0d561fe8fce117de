/**
 * The interrupt cards of `<ag-ui-agent>` (`InterruptController`, its forms, `render-interrupt.ts` and its styles),
 * the entry of a chunk loaded when the first interrupt is due: most pages never get one, so the main entry does not
 * carry them.
 * @module
 * @internal
 */
import { interruptStyles } from './render-interrupt.styles.js';

export { InterruptController, type InterruptControllerOptions } from '../../controllers/interrupt-controller.js';

/** Adopted into the element's shadow root on load (`LazyParts`). */
export const styles = [interruptStyles];
