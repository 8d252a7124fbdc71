import { version as platformVersion } from 'zapier-platform-core';
import { SERVICE } from '../../shared/identity';

export = {
  version: '0.1.0',
  platformVersion,
  authentication: {
    type: 'custom',
    fields: [{ key: 'apiKey', label: 'API Key', required: true, type: 'password', helpText: `[Keys](${SERVICE.apiKeysUrl})` }],
    test: { url: `${SERVICE.defaultBaseUrl}v1/account` },
  },
  triggers: {}, creates: {}, searches: {},
};
