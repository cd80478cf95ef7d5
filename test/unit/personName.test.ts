import { personName } from '@kernel/users/personName';

describe('a person\'s name', () => {
  it('writes a Chinese name family name first, without a space', () => {
    expect(personName({ firstName: '婷', lastName: '周' })).toBe('周婷');
    expect(personName({ firstName: ' 美玲 ', lastName: '欧阳' })).toBe('欧阳美玲');
  });

  it('writes any other name given name first', () => {
    expect(personName({ firstName: 'Tom', lastName: 'Lee' })).toBe('Tom Lee');
    expect(personName({ firstName: 'Anna', lastName: '' })).toBe('Anna');
    expect(personName({})).toBe('');
  });
});
