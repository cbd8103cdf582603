// Loaded with `--import` before the API's or the worker's entry (API_NODE_FLAGS in node-flags.ts, apps/api's
// scripts): turns Node's compile cache on for every module loaded after it (decision 0130). A module whose source
// has not changed since a process last wrote the cache is then neither type-stripped nor compiled from nothing: its
// stripped text and V8's code come from the cache, checked against a hash of the source. When every `.ts` file
// comes from the cache, Node never loads its type stripper (a WebAssembly compiler that stays resident, ~17 MB).
// This file is JavaScript because reading a TypeScript file would load the stripper.
//
// The cache lives under the checkout's node_modules (not in the shared temporary folder, where another user could
// leave entries for these files). NODE_COMPILE_CACHE, if set, has already turned it on elsewhere; with
// NODE_DISABLE_COMPILE_CACHE=1 it stays off; a folder that cannot be written leaves it off. Any of these only
// costs the saving.
import { enableCompileCache } from 'node:module';
import { fileURLToPath } from 'node:url';

enableCompileCache(
  fileURLToPath(new URL('../../../node_modules/.cache/node-compile-cache', import.meta.url)),
);
