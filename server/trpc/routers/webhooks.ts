import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  getDeliveryEndpoint,
  getWebhookEndpoint,
  listDeliveriesEndpoint,
  listWebhooksEndpoint,
  pingWebhookEndpoint,
  redeliverEndpoint,
  updateWebhookEndpoint,
} from "../../http/endpoints/webhooks";
import { router } from "../init";
import { listProcedureOf } from "../list-procedure";
import { procedureOf } from "../procedure-of";

export const webhooksRouter = router({
  list: listProcedureOf(listWebhooksEndpoint),
  create: procedureOf(createWebhookEndpoint),
  get: procedureOf(getWebhookEndpoint),
  update: procedureOf(updateWebhookEndpoint),
  delete: procedureOf(deleteWebhookEndpoint, "deleted"),
  ping: procedureOf(pingWebhookEndpoint),
  deliveries: listProcedureOf(listDeliveriesEndpoint),
  delivery: procedureOf(getDeliveryEndpoint),
  redeliver: procedureOf(redeliverEndpoint),
});
