import { describeRouteFuzz } from './route-fuzz.js';

// The standing route fuzz (route-fuzz.ts), file 2 of 2: the two files run side by side.
describeRouteFuzz(1, 2);
