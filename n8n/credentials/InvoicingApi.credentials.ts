import type {
  IAuthenticateGeneric,
  ICredentialTestRequest,
  ICredentialType,
  INodeProperties,
} from 'n8n-workflow';

import { FIELDS, SERVICE, connectionTestMessages, requests } from '../lib/core';
import { toHtml } from '../lib/text';

const { apiKey, baseUrl } = FIELDS.connection;

/** The account endpoint (contract: the connection test), as the request builders spell it. */
const ACCOUNT_PATH = new URL(requests.getAccount({}).url).pathname;

export class InvoicingApi implements ICredentialType {
  name = 'invoicingApi';

  displayName = 'Invoicing API';

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

  // The same spellings normalizeBaseUrl accepts (trailing slash, a pasted /v1 or endpoint path), written
  // as an expression because n8n evaluates the test request without running our code.
  test: ICredentialTestRequest = {
    request: {
      baseURL: '={{ ($credentials.baseUrl || "' + SERVICE.defaultBaseUrl + '").trim().replace(/\\/+$/, "").replace(/\\/v1(\\/.*)?$/, "") }}',
      url: ACCOUNT_PATH,
      method: 'GET',
    },
    // Without rules n8n shows the bare status text ("Forbidden").
    rules: connectionTestMessages().map(({ status, message }) => ({ type: 'responseCode' as const, properties: { value: status, message } })),
  };
}
