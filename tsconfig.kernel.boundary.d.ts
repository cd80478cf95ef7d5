// tsconfig.kernel.json sends every bare import of the kernel (node:*, koa, knex, react, any
// package) here. This file is deliberately not a module, so such an import fails the type check
// with "File '…/tsconfig.kernel.boundary.d.ts' is not a module": the kernel runs in the browser
// and in Node alike and may import only its own files (relative paths or @kernel/*).
