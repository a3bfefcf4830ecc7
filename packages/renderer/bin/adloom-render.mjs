#!/usr/bin/env node
// Runs the TypeScript command line through tsx, so `npx adloom-render` works without a build step.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/server/cli.ts');
process.exitCode = await main(process.argv.slice(2));
