import { rarePiece } from '../../api/src/resources/trigramSearch';

// The piece of a search term the trigram index is asked for (api/src/resources/trigramSearch.ts).
describe('rarePiece', () => {
  const common = new Set(['mtm', 'tm0', 'm00', '001', 'own']);

  it('leaves out the trigrams most numbers share: the prefix and the zero padding', () => {
    expect(rarePiece('MTM0012345', common)).toBe('012345');
  });

  it('reads the term case-insensitively and keeps its own case', () => {
    expect(rarePiece('mTm0012aBc', common)).toBe('012aBc');
  });

  it('keeps within one run of letters and digits, the longest run of rare trigrams', () => {
    expect(rarePiece('OWN-MTM-123/45678', common)).toBe('45678');
    expect(rarePiece('AB-CDE', common)).toBe('CDE');
  });

  it('is the whole term when no trigram of it is common', () => {
    expect(rarePiece('DN12345', common)).toBe('DN12345');
  });

  it('is empty when every piece is shorter than a trigram or common', () => {
    expect(rarePiece('MTM001', common)).toBe('');
    expect(rarePiece('ab-cd', common)).toBe('');
    expect(rarePiece('上海仓', common)).toBe('');
  });

  it('finds a rare trigram between two common ones', () => {
    expect(rarePiece('mtm1own', new Set(['mtm', 'own']))).toBe('tm1ow');
  });
});
