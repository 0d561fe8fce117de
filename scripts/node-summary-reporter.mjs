// A `node --test` reporter that counts passed/failed/skipped tests (suites are not counted; a file that fails to
// load counts as a failed test) and writes the totals as JSON to its destination, for scripts/test.mjs's summary line.
export default async function* nodeSummaryReporter(source) {
  const totals = { passed: 0, failed: 0, skipped: 0 };
  for await (const event of source) {
    if (event.type !== 'test:pass' && event.type !== 'test:fail') continue;
    if (event.data.details?.type === 'suite') {
      // A suite that failed outside its tests (a hook, a load error) has no failed test to show for it.
      if (event.type === 'test:fail' && event.data.details.error?.failureType !== 'subtestsFailed') totals.failed += 1;
      continue;
    }
    if (event.data.skip !== undefined || event.data.todo !== undefined) totals.skipped += 1;
    else if (event.type === 'test:pass') totals.passed += 1;
    else totals.failed += 1;
  }
  yield JSON.stringify(totals);
}
