import { describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { IdParam, NoContent } from './http.ts';
import { routeGroup } from './route-group.ts';

const admin = routeGroup({ tags: ['t'], access: ['ADMIN'] });
const response = z.object({ ok: z.boolean() });

describe('routeGroup', () => {
  it("spells out the group's tags and access, the method and the path", () => {
    expect(admin.get('/admin/things', { summary: 'Things', response })).toEqual({
      tags: ['t'],
      access: ['ADMIN'],
      method: 'GET',
      path: '/admin/things',
      summary: 'Things',
      response,
    });
  });

  it('gives a path whose one parameter is :id the IdParam, unless the route names its own', () => {
    const edit = admin.put('/admin/things/:id', { summary: 'Edit', response });
    expect(edit.params).toBe(IdParam);
    // The type says so too: the server's handler and the browser's call read `params.id`.
    expectTypeOf(edit.params).toEqualTypeOf<typeof IdParam>();
    expect(admin.delete('/admin/things/:id/parts', { summary: 'Empty', response: NoContent }).params).toBe(IdParam);
    const own = z.object({ id: z.string() });
    expect(admin.put('/admin/things/:id', { summary: 'Edit', params: own, response }).params).toBe(own);
    expect('params' in admin.get('/admin/things/:id/parts/:partId', { summary: 'Part', response })).toBe(false);
    expect('params' in admin.get('/admin/things/:idx', { summary: 'Odd', response })).toBe(false);
  });

  it("lets a route set the group's tags or access again", () => {
    const route = admin.get('/public/things', { summary: 'Things', response, access: 'public', tags: ['u'] });
    expect([route.access, route.tags]).toEqual(['public', ['u']]);
  });
});
