import type { FastifyInstance } from 'fastify';
import { MSG_TYPE } from '@cacifo/contract';
import { registerRoutes } from '../../lib/define-route.js';
import { assetLockerInfo } from './asset-locker-info.js';
import { AssetAccessService } from './asset-access.service.js';
import { AssetCategoriesService } from './asset-categories.service.js';
import { AssetStorageService } from './asset-storage.service.js';
import { AssetsService } from './assets.service.js';
import { assetsRoutes } from './assets.routes.js';

/** The assets area: its services, the device events that move assets, and its routes. */
export async function assetsModule(app: FastifyInstance) {
  const assets = new AssetsService(app.db);
  const access = new AssetAccessService(app.db, assets);
  const categories = new AssetCategoriesService(app.db);
  // What the locker's reader reports now decides whether a retrieval was taken (issue #32).
  const readerTags = async (placeId: number, doorNumber: number) => {
    const [state] = await app.devices.driver.readStates(placeId);
    return state?.doors.find((d) => d.doorNumber === doorNumber)?.tags ?? null;
  };
  const storage = new AssetStorageService(app.db, assets, app.doors, app.lockerUpdates, readerTags);
  // A tag seen or lost, or a door closing, finishes a storage or a retrieval under way.
  app.bus.on('tag', (e) => storage.onTag(e));
  app.bus.on('tagSnapshot', (e) => storage.onTagSnapshot(e));
  app.bus.on('doorChanged', (e) => storage.onDoorChanged(e));
  // Every area's locker views show the asset a locker holds (docs/adr/0070).
  app.lockerInfo.register(assetLockerInfo);
  const changed = (assetIds: number[]) => {
    app.realtime.publish({ MsgType: MSG_TYPE.REFRESH_ASSETS, Data: { assetIds } }).catch((err: unknown) => {
      app.log.warn({ err }, 'RefreshAssets publish failed');
    });
  };
  registerRoutes(app, assetsRoutes({ assets, access, categories, storage, changed }));
}
