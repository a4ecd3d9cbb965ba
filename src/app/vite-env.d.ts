/// <reference types="vite/client" />
// import.meta.env (SSR: true in the server entry's build and in Node tests, false in the browser
// build), which lets the browser bundle drop code only the server render runs
