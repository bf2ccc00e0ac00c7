/**
 * electron-updater's HTTP on Node's http module, for tests outside Electron: the app's updater
 * uses Electron's net (ElectronHttpExecutor); this is the same class of builder-util-runtime with
 * Node's requests, and `download` as ElectronHttpExecutor writes it (redirects by hand, the
 * SHA-512 checked by doDownload against the metadata).
 */
import { type ClientRequest, type IncomingMessage, type RequestOptions, request } from 'node:http';
import {
  type CancellationToken,
  configureRequestOptions,
  configureRequestUrl,
  type DownloadOptions,
  HttpExecutor,
} from 'builder-util-runtime';

export class NodeHttpExecutor extends HttpExecutor<ClientRequest> {
  createRequest(options: RequestOptions, callback: (response: IncomingMessage) => void): ClientRequest {
    return request(options, callback);
  }

  download(url: URL, destination: string, options: DownloadOptions & { cancellationToken: CancellationToken }): Promise<string> {
    return options.cancellationToken.createPromise((resolve, reject, onCancel) => {
      const requestOptions = { headers: options.headers || undefined, redirect: 'manual' };
      configureRequestUrl(url, requestOptions);
      configureRequestOptions(requestOptions);
      this.doDownload(
        requestOptions,
        {
          destination,
          options,
          onCancel,
          callback: (error) => (error == null ? resolve(destination) : reject(error)),
          responseHandler: null,
        },
        0,
      );
    });
  }
}
