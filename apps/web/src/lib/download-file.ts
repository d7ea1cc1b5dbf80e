import { ApiError } from './api-error.ts';
import { buildQueryString, type ListQuery } from './query-string.ts';

type DownloadOptions = { method?: 'GET' | 'POST'; body?: unknown; query?: ListQuery; fallbackName: string };

function filenameOf(response: Response, fallback: string): string {
  const header = response.headers.get('content-disposition') ?? '';
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(header);
  return match?.[1] ? decodeURIComponent(match[1]) : fallback;
}

/** Calls an API route that answers a file and hands it to the browser as a download. */
export async function downloadFile(path: string, options: DownloadOptions): Promise<string> {
  const { method = 'GET', body, query, fallbackName } = options;
  const url = new URL(`/api${path}${query ? buildQueryString(query) : ''}`, window.location.href);
  const response = await fetch(url, {
    method,
    credentials: 'same-origin',
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) {
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON: keep the text
    }
    throw new ApiError(response.status, parsed);
  }
  const blob = await response.blob();
  const name = filenameOf(response, fallbackName);
  const objectUrl = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = objectUrl;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(objectUrl), 1000);
  return name;
}
