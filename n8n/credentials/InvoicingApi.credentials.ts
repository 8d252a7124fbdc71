import type { IAuthenticate, ICredentialTestRequest, ICredentialType, INodeProperties } from 'n8n-workflow';

import { NOT_THE_API_MESSAGE, connectionTestMessages } from '../../shared/connectionTest';
import { FIELDS } from '../../shared/fields';
import { SERVICE, normalizeBaseUrlExpression } from '../../shared/service';
import { getAccount } from '../../shared/operations/getAccount';
import { toHtml } from '../editor/text';

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

  /**
   * A function, as n8n's own Calendly, Notion and OpenAI credentials have, rather than the generic
   * `=Bearer {{$credentials.apiKey}}`: n8n resolves a generic header through its expression engine on every
   * request (an isolate under its default engine), while a function is a plain call. Same header either way.
   */
  authenticate: IAuthenticate = async (credentials, requestOptions) => ({
    ...requestOptions,
    headers: { ...requestOptions.headers, Authorization: `Bearer ${String(credentials.apiKey)}` },
  });

  // The account endpoint (contract: the connection test), at the base URL the nodes would use: n8n
  // evaluates this request by itself, so normalizeBaseUrl comes as the expression it generates.
  // Every answer is taken as a response and read by its body: n8n 1.x drops a failed test request's
  // HTTP status (its NodeApiError loses the response), so `responseCode` rules never fire there and the
  // user saw n8n's bare "Forbidden - perhaps check your credentials?". The service's errors are RFC 9457
  // problem bodies whose `status` is the HTTP status, which both n8n lines can match.
  test: ICredentialTestRequest = {
    request: {
      baseURL: `={{ ${normalizeBaseUrlExpression('$credentials.baseUrl')} }}`,
      url: getAccount.route,
      method: getAccount.method,
      ignoreHttpStatusErrors: true,
    },
    rules: [
      ...connectionTestMessages().map(({ status, message }) => ({
        type: 'responseSuccessBody' as const,
        properties: { key: 'status', value: status, message },
      })),
      // Anything else without an account's `livemode` (a web page, another service's JSON) is not the API.
      {
        type: 'responseSuccessBody' as const,
        properties: { key: 'livemode', value: undefined, message: NOT_THE_API_MESSAGE },
      },
    ],
  };
}
