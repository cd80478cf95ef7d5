import { serverPageToReturnTo } from '../../admin/src/providers/returnPath';

// The way back a server page asks for when it sends a signed-out visitor to sign in (GET /api/docs).
const ORIGIN = 'https://logistics.example.com';

describe('the way back after signing in', () => {
  it.each([
    ['?next=%2Fapi%2Fdocs', '/api/docs'],
    ['?next=%2Fapi%2Fdocs%3FdeepLink%3D1', '/api/docs?deepLink=1'],
    ['?next=/api/docs', '/api/docs'],
  ])('takes %s back to %s', (search, path) => {
    expect(serverPageToReturnTo(search, ORIGIN)).toBe(path);
  });

  it.each([
    ['', 'nothing asked'],
    ['?next=', 'an empty way back'],
    ['?next=https%3A%2F%2Fevil.example%2Fapi%2Fdocs', 'another origin'],
    ['?next=%2F%2Fevil.example%2Fapi%2Fdocs', 'a host without a scheme'],
    ['?next=%2F%5Cevil.example%2Fapi%2Fdocs', 'a backslash the browser reads as a second slash'],
    ['?next=%2Fapi%2F..%2Forders', 'a path that leaves /api/ once resolved'],
    ['?next=%2Forders', 'a screen of the app (react-admin brings those back itself)'],
    ['?next=javascript%3Aalert(1)', 'a script'],
  ])('ignores %s (%s)', (search) => {
    expect(serverPageToReturnTo(search, ORIGIN)).toBeUndefined();
  });
});
