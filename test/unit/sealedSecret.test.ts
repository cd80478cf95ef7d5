import { seal, unseal } from '../../api/src/auth/sealedSecret';

// An authenticator app's secret at rest (api/src/auth/sealedSecret.ts).
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

describe('a sealed secret', () => {
  it('opens with the key it was sealed under, wherever that key stands in the list', () => {
    const sealed = seal(SECRET, ['old']);
    expect(sealed).toMatch(/^v1\.[A-Za-z0-9_-]+$/);
    expect(unseal(sealed, ['old'])).toEqual({ plain: SECRET, keyIndex: 0 });
    expect(unseal(sealed, ['new', 'old'])).toEqual({ plain: SECRET, keyIndex: 1 });
  });

  it('is sealed anew each time: the same secret twice gives two texts', () => {
    expect(seal(SECRET, ['key'])).not.toBe(seal(SECRET, ['key']));
  });

  it('does not open without its key, nor once altered', () => {
    const sealed = seal(SECRET, ['key']);
    expect(unseal(sealed, ['another'])).toBeUndefined();
    expect(unseal(sealed, [])).toBeUndefined();
    const bytes = Buffer.from(sealed.slice(3), 'base64url');
    for (const at of [0, 12, bytes.length - 1]) {
      const altered = Buffer.from(bytes);
      altered[at] ^= 1;
      expect(unseal(`v1.${altered.toString('base64url')}`, ['key'])).toBeUndefined();
    }
    expect(unseal('v1.AAAA', ['key'])).toBeUndefined();
  });

  it('takes a secret stored before sealing as it is, under no key', () => {
    expect(unseal(SECRET, ['key'])).toEqual({ plain: SECRET, keyIndex: -1 });
  });
});
