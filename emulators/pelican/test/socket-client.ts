/** The Pterodactyl emulator's websocket test client: Wings' frames are the same on Pelican. */
export * from '../../pterodactyl/test/socket-client';
