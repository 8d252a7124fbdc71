import type {
  IAuthenticateGeneric,
  ICredentialTestRequest,
  ICredentialType,
  INodeProperties,
} from 'n8n-workflow';

import { connectionTestMessages } from '../../shared/connectionTest';
import { FIELDS } from '../../shared/fields';
import { SERVICE, normalizeBaseUrlExpression } from '../../shared/identity';
import { getAccount } from '../../shared/operations/getAccount';
import { toHtml } from '../lib/text';

const { apiKey, baseUrl } = FIELDS.connection;

export class InvoicingApi implements ICredentialType {
  name = 'invoicingApi';

  displayName = SERVICE.displayName;

  icon = { light: 'file:../icons/invoicingApi.svg', dark: 'file:../icons/invoicingApi.dark.svg' } as const;

  documentationUrl = 'https://docs.invoicing.example/integrations/n8n#credentials';

  properties: INodeProperties[] = [
    {
      displayName: apiKey.label,
      name: 'apiKey',
      type: 'string',
      typeOptions: { password: true },
      required: true,
      default: '',
      description: toHtml(apiKey.help),
    },
    {
      displayName: baseUrl.label,
      name: 'baseUrl',
      type: 'string',
      default: SERVICE.defaultBaseUrl,
      placeholder: String(baseUrl.example),
      description: toHtml(baseUrl.help),
    },
  ];

  authenticate: IAuthenticateGeneric = {
    type: 'generic',
    properties: { headers: { Authorization: '=Bearer {{$credentials.apiKey}}' } },
  };

  // The account endpoint (contract: the connection test), at the base URL the nodes would use: n8n
  // evaluates this request by itself, so normalizeBaseUrl comes as the expression it generates.
  test: ICredentialTestRequest = {
    request: {
      baseURL: `={{ ${normalizeBaseUrlExpression('$credentials.baseUrl')} }}`,
      url: getAccount.route,
      method: getAccount.method,
    },
    // Without rules n8n shows the bare status text ("Forbidden").
    rules: connectionTestMessages().map(({ status, message }) => ({ type: 'responseCode' as const, properties: { value: status, message } })),
  };
}
