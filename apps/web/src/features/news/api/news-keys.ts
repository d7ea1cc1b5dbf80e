/** The staff's lists and items (config page). The popup's own key is apart (`currentNewsKey`): a save never shows the popup to the staff. */
export const newsItemsKey = ['news-items'] as const;
