import { clientInputFromFields } from '../../shared/clientForm';

describe('clientInputFromFields', () => {
  it('nests the address parts that are filled in and drops blank fields', () => {
    expect(
      clientInputFromFields({
        email: 'ana@example.com',
        name: ' ',
        company: 'Studio',
        line1: '12 MG Road',
        line2: '',
        city: 'Pune',
        postal_code: '411001',
        country: 'IN',
        unrelated: 'x',
      }),
    ).toEqual({
      email: 'ana@example.com',
      company: 'Studio',
      address: { line1: '12 MG Road', city: 'Pune', postal_code: '411001', country: 'IN' },
    });
  });

  it('leaves the address out when none of its parts is filled in', () => {
    expect(clientInputFromFields({ email: 'ana@example.com', line1: '', city: null })).toEqual({
      email: 'ana@example.com',
    });
  });
});
