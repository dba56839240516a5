import { describe, expect, it } from 'vitest';
import { assignableRoles, canDeleteComment, permissionsOf, seatsLeft } from './permissions';

describe('organisation permissions', () => {
  it('gives each role what it may do: owner everything, admin members, member contributions, viewer nothing', () => {
    expect(permissionsOf('owner')).toEqual({ manageMembers: true, contribute: true, billing: true });
    expect(permissionsOf('admin')).toEqual({ manageMembers: true, contribute: true, billing: false });
    expect(permissionsOf('member')).toEqual({ manageMembers: false, contribute: true, billing: false });
    expect(permissionsOf('viewer')).toEqual({ manageMembers: false, contribute: false, billing: false });
    expect(permissionsOf(null).contribute).toBe(false);
  });

  it('lets only an owner make owners', () => {
    expect(assignableRoles('owner')).toContain('owner');
    expect(assignableRoles('admin')).toEqual(['admin', 'member', 'viewer']);
    expect(assignableRoles('member')).toEqual([]);
  });

  it('lets a comment go by its author or an admin', () => {
    expect(canDeleteComment('member', 7, 7)).toBe(true);
    expect(canDeleteComment('member', 7, 8)).toBe(false);
    expect(canDeleteComment('admin', 7, 8)).toBe(true);
  });

  it('counts the seats left, never below zero', () => {
    expect(seatsLeft({ included: 5, purchased: 2, used: 6 })).toBe(1);
    expect(seatsLeft({ included: 5, purchased: 0, used: 6 })).toBe(0);
  });
});
