/**
 * `npm install`'s `prepare` step: points git at the repository's own hooks (`.githooks/`: the
 * commit-msg check of the subject's length), so every clone gets them without a manual step.
 *
 * Plain JavaScript, unlike the other scripts: it runs inside `npm install`, where the project's
 * Node 24 (the `node` devDependency) may be missing (`--omit=dev`) and an older Node cannot run
 * TypeScript. It never fails an install: without git, outside a git work tree (an unpacked
 * tarball), inside another repository's tree, or when git refuses the folder (CI's clone owned by
 * another user), it does nothing. A core.hooksPath someone set to another folder is left alone.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { stdout } from 'node:process';
import { URL, fileURLToPath } from 'node:url';

const HOOKS = '.githooks';
const root = fs.realpathSync(fileURLToPath(new URL('..', import.meta.url)));

/** Runs git in the repository root; null when git is missing or fails. */
function git(...args) {
  try {
    return execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null;
  }
}

const top = git('rev-parse', '--show-toplevel');
if (top && fs.realpathSync(top) === root) {
  const current = git('config', '--get', 'core.hooksPath');
  if (current && current !== HOOKS) {
    stdout.write(`git core.hooksPath is ${current}; not replaced by ${HOOKS} (its commit-msg check).\n`);
  } else if (!current) {
    git('config', 'core.hooksPath', HOOKS);
  }
}
