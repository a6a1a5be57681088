import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { allCalls, pathParamNames } from '../src/index.ts';

// The contract entries themselves: what the server registers and the client fills in must agree.

describe('contract entries', () => {
  it('name each path parameter in the params schema, and nothing else', () => {
    for (const call of allCalls) {
      const keys = call.params instanceof z.ZodObject ? Object.keys(call.params.shape).sort() : [];
      expect(keys, `${call.area}.${call.name}`).toEqual(pathParamNames(call.path).sort());
    }
  });

  it('have one entry per method and path, and one name per call', () => {
    const routes = allCalls.map((call) => `${call.method} ${call.path}`);
    expect(routes.length).toBe(new Set(routes).size);
    const names = allCalls.map((call) => call.name);
    expect(names.length).toBe(new Set(names).size);
  });

  it('take a body only where the method carries one', () => {
    for (const call of allCalls.filter((call) => call.method === 'GET')) expect(call.body, call.name).toBeUndefined();
  });
});
