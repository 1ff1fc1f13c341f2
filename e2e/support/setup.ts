// Runs before every e2e file. With isolate: false a support module is evaluated once per run, so
// hooks at its top level would be registered for the first file only: they are registered here.
import { afterEach, beforeAll } from 'vitest';
import { failOnUnexpectedDialogs, forgetDialogs } from './browser.ts';

beforeAll(forgetDialogs);
afterEach(failOnUnexpectedDialogs);
