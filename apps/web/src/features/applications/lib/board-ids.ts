/** dnd-kit ids: a card is `application-{id}`, a column (drop zone) `status-{id}`. */
export const cardDragId = (applicationId: number) => `application-${applicationId}`;
export const columnDropId = (statusId: number) => `status-${statusId}`;
