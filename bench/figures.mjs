// The five figures of issue 5 ("Benchmarks with targets"), the paced reply (6), huge tool payloads (7) and the
// restore of a persisted thread (8). Each
// `run(ctx)` drives pages from
// bench/pages (built by run.mjs) and returns table rows; details (every run, breakdowns) go to `ctx.shared[id]` and from there to
// bench/results.json. Verdicts compare medians with the targets; a missed target is reported as measured.
import { bundle } from './figures/bundle.mjs';
import { fanout } from './figures/fanout.mjs';
import { ingest } from './figures/ingest.mjs';
import { longThread } from './figures/long-thread.mjs';
import { paced } from './figures/paced.mjs';
import { payload } from './figures/payload.mjs';
import { restore } from './figures/restore.mjs';
import { tools } from './figures/tools.mjs';

export const figures = [ingest, tools, fanout, bundle, longThread, paced, payload, restore];
