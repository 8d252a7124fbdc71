/** The client form every client operation shows, in catalogue order. */
import { FIELDS } from '../../shared';
import { inputField } from './fields';

const { id: _id, email, ...details } = FIELDS.client;

/** `emailRequired: false` for Update Client, where a blank field means "leave as it is". */
export function clientInputFields(options: { emailRequired: boolean }) {
  return [
    inputField(email, { required: options.emailRequired }),
    ...Object.values(details).map((spec) => inputField(spec)),
  ];
}
