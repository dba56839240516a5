/**
 * Vitest setup file, run first: each test file imports the product's modules afresh, as it would in
 * a process of its own, so no module-level state (a cache, a notice logged once per process) passes
 * from one file to the next. Packages under node_modules stay loaded in the worker between files.
 */
import { vi } from 'vitest';

vi.resetModules();
