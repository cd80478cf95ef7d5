import { useQuery } from '@tanstack/react-query';
import type { Identifier } from 'react-admin';
import { apiRequest, apiUpload, getJson } from '../providers/apiRequest';
import type { OrderAttachment, OrderEvent, OrderRecord, OrderStatus } from './orderModel';

/**
 * The order calls beyond the resource protocol (api/src/orders/routes.ts, attachments.ts). Their
 * query keys start with 'orders', so react-admin's own refreshes of the resource refetch them too.
 */
const base = (id: Identifier) => `/api/orders/${encodeURIComponent(String(id))}`;

export const orderEventsKey = (id: Identifier) => ['orders', String(id), 'events'];
export const orderAttachmentsKey = (id: Identifier) => ['orders', String(id), 'attachments'];

export const useOrderEvents = (id: Identifier) => useQuery({
  queryKey: orderEventsKey(id),
  queryFn: () => getJson<OrderEvent[]>(`${base(id)}/events`).then((events) => events ?? []),
});

export const useOrderAttachments = (id: Identifier) => useQuery({
  queryKey: orderAttachmentsKey(id),
  queryFn: () => getJson<OrderAttachment[]>(`${base(id)}/attachments`).then((rows) => rows ?? []),
});

export interface TransitionRequest {
  to: OrderStatus;
  note?: string;
  completionDate?: string;
}

/** One status change; answers the updated order, or throws the server's 409 (ApiError). */
export async function transitionOrder(id: Identifier, request: TransitionRequest): Promise<OrderRecord> {
  return (await apiRequest('POST', `${base(id)}/transitions`, request)).json();
}

export const attachmentUrl = (orderId: Identifier, attachmentId: number) => `${base(orderId)}/attachments/${attachmentId}`;

export async function uploadAttachment(orderId: Identifier, kind: OrderAttachment['kind'], file: File): Promise<OrderAttachment> {
  const form = new FormData();
  form.append('kind', kind);
  form.append('file', file, file.name);
  return (await apiUpload(`${base(orderId)}/attachments`, form)).json();
}

export async function deleteAttachment(orderId: Identifier, attachmentId: number): Promise<void> {
  await apiRequest('DELETE', attachmentUrl(orderId, attachmentId));
}
