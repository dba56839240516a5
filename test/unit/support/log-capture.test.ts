import { describe, expect, it } from 'vitest';
import { findLeakedSecrets, rememberSecret } from '#test/support/log-capture';

describe('findLeakedSecrets', () => {
  it('finds a code of digits standing alone, not inside a longer number such as a timestamp', () => {
    const code = rememberSecret('358783');
    expect(findLeakedSecrets(['{"time":1795850358783,"msg":"request completed"}'])).not.toContain(code);
    expect(findLeakedSecrets(['{"msg":"code 358783 sent"}'])).toContain(code);
    expect(findLeakedSecrets(['{"code":"358783"}'])).toContain(code);
  });

  it('finds any other secret wherever it occurs, but not across two lines', () => {
    const token = rememberSecret('tok_Zx81kq');
    expect(findLeakedSecrets([`{"url":"/x?t=a${token}b"}`])).toContain(token);
    expect(findLeakedSecrets(['{"a":"tok_Z', 'x81kq"}'])).not.toContain(token);
  });
});
