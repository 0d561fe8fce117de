// `npm run bench -- --baseline <git ref>`: the ref's build beside the current one, in the same run and browser.
//
// The ref is checked out in a temporary git worktree (its own bench pages, figures and benchmark server), with the
// current node_modules symlinked when its package-lock.json is the same (else `npm ci` there). Each figure then
// runs twice at once, once per build, and `Turns` lets their pages take the browser in turns (current, baseline,
// baseline, current, ...), so that both builds see the machine in the same state; nothing else is shared.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Checks `ref` out in a temporary git worktree of the repository at `root`, with dependencies installed.
 * @returns `{ root, commit, sharedModules, remove() }`: `root` ends with `/`; `remove()` deletes the worktree (safe to
 *   call twice). On failure the worktree is removed before the error propagates.
 */
export function addBaselineWorktree(ref, root, log) {
  const git = (...args) => execFileSync('git', ['-C', root, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
  const commit = git('rev-parse', '--verify', `${ref}^{commit}`);
  const dir = mkdtempSync(join(tmpdir(), 'ag-ui-lit-baseline-'));
  let removed = false;
  const remove = () => {
    if (removed) return;
    removed = true;
    try {
      git('worktree', 'remove', '--force', dir);
    } catch {
      rmSync(dir, { recursive: true, force: true });
      try {
        git('worktree', 'prune');
      } catch {
        // Nothing left to prune.
      }
    }
  };
  try {
    git('worktree', 'add', '--detach', dir, commit);
    const lock = (base) => readFileSync(join(base, 'package-lock.json'), 'utf8');
    const sharedModules = existsSync(join(root, 'node_modules')) && lock(root) === lock(dir);
    if (sharedModules) {
      symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
    } else {
      log(`baseline ${ref}: package-lock.json differs, running npm ci in ${dir}...`);
      execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] });
    }
    if (!existsSync(join(dir, 'bench/figures.mjs'))) throw new Error(`${ref} has no bench/figures.mjs: too old to compare with`);
    return { root: `${dir}/`, commit, sharedModules, remove };
  } catch (error) {
    remove();
    throw error;
  }
}

/**
 * Lets two sides (`'current'`, `'baseline'`) take a shared resource in turns: in round r the first side goes first
 * when r is even, the second when r is odd (current, baseline, baseline, current, ...), so that a drift of the
 * machine's speed does not favour one build. A side whose turn it is but which is not asking yet (it is between two
 * pages) is waited for; a side that is done (`finish()`) is skipped.
 */
export class Turns {
  #sides;
  #turn = 0;
  #busy = false;
  #waiting = new Map();
  #done = new Set();

  constructor(sides) {
    this.#sides = sides;
  }

  /** Runs `fn` when it is `side`'s turn, and passes the turn on when it settles. */
  async run(side, fn) {
    await new Promise((resolve) => {
      this.#waiting.set(side, resolve);
      this.#grant();
    });
    try {
      return await fn();
    } finally {
      this.#busy = false;
      this.#turn++;
      this.#grant();
    }
  }

  /** `side` takes no more turns (until `reopen(side)`). */
  finish(side) {
    this.#done.add(side);
    this.#grant();
  }

  /** `side` takes turns again (the next figure). */
  reopen(side) {
    this.#done.delete(side);
  }

  #grant() {
    if (this.#busy) return;
    const round = Math.floor(this.#turn / 2);
    const order = round % 2 ? [...this.#sides].reverse() : this.#sides;
    let side = order[this.#turn % 2];
    if (this.#done.has(side)) side = this.#sides.find((s) => !this.#done.has(s));
    const resolve = side && this.#waiting.get(side);
    if (!resolve) return;
    this.#waiting.delete(side);
    this.#busy = true;
    resolve();
  }
}

/** `figure|contender`, without footnote marks: how a current row finds its baseline row. */
const rowKey = (row) => `${row.figure}|${row.contender}`;

/**
 * Puts each baseline row's median beside the current row of the same figure and contender (`baseline`,
 * `baselineRatio` = current / baseline); rows the baseline does not have keep `baseline` undefined.
 */
export function mergeBaselineRows(rows, baselineRows) {
  const byKey = new Map(baselineRows.map((row) => [rowKey(row), row]));
  return rows.map((row) => {
    const other = byKey.get(rowKey(row));
    if (!other) return { ...row, baseline: undefined };
    const numbers = typeof row.median === 'number' && typeof other.median === 'number' && other.median > 0;
    return { ...row, baseline: other.median, baselineUnit: other.unit, baselineRatio: numbers ? row.median / other.median : undefined };
  });
}
