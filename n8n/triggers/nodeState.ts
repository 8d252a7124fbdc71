/**
 * What a trigger node keeps between runs (its subscription, the deliveries it has seen, its replay or
 * polling cursor): n8n's static data of the node, which n8n saves with the workflow.
 */
import type { IDataObject, IExecuteFunctions, IHookFunctions, IPollFunctions, IWebhookFunctions } from 'n8n-workflow';

type NodeStateContext = IExecuteFunctions | IHookFunctions | IPollFunctions | IWebhookFunctions;

export const nodeState = (context: NodeStateContext): IDataObject =>
  context.getWorkflowStaticData('node') as IDataObject;
