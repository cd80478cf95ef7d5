import { seal, unseal } from '../../api/src/db/sealedSecret';

// The secrets the app reads back, at rest: an authenticator app's, a webhook's (api/src/db/sealedSecret.ts).
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

describe('a sealed secret', () => {
  it('opens with the key it was sealed under, wherever that key stands in the list', () => {
    const sealed = seal(SECRET, ['old'], 'totp');
    expect(sealed).toMatch(/^v1\.[A-Za-z0-9_-]+$/);
    expect(unseal(sealed, ['old'], 'totp')).toEqual({ plain: SECRET, keyIndex: 0 });
    expect(unseal(sealed, ['new', 'old'], 'totp')).toEqual({ plain: SECRET, keyIndex: 1 });
  });

  it('is sealed anew each time: the same secret twice gives two texts', () => {
    expect(seal(SECRET, ['key'], 'totp')).not.toBe(seal(SECRET, ['key'], 'totp'));
  });

  it('does not open without its key, nor once altered', () => {
    const sealed = seal(SECRET, ['key'], 'totp');
    expect(unseal(sealed, ['another'], 'totp')).toBeUndefined();
    expect(unseal(sealed, [], 'totp')).toBeUndefined();
    const bytes = Buffer.from(sealed.slice(3), 'base64url');
    for (const at of [0, 12, bytes.length - 1]) {
      const altered = Buffer.from(bytes);
      altered[at] ^= 1;
      expect(unseal(`v1.${altered.toString('base64url')}`, ['key'], 'totp')).toBeUndefined();
    }
    expect(unseal('v1.AAAA', ['key'], 'totp')).toBeUndefined();
  });

  it('opens for its own purpose only: a webhook\'s key is not an app\'s', () => {
    expect(unseal(seal(SECRET, ['key'], 'webhook'), ['key'], 'totp')).toBeUndefined();
    expect(unseal(seal(SECRET, ['key'], 'webhook'), ['key'], 'webhook')).toEqual({ plain: SECRET, keyIndex: 0 });
  });

  it('takes a secret stored before sealing as it is, under no key', () => {
    expect(unseal(SECRET, ['key'], 'totp')).toEqual({ plain: SECRET, keyIndex: -1 });
  });
});
