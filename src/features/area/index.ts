/** Area: China's provinces, cities and districts for the cascading picker (GET /index/area). */
export { areaRouter } from './router';
export { listAreas, type AreaOption } from './service';
