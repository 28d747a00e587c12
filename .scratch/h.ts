import { flowBucket } from '../packages/engine/src/queue/flowHash.js';
import { newtonStepRecInvSqrt } from '../packages/engine/src/queue/codelControlLaw.js';
console.log([0,1,2,3,4,5].map(f=>flowBucket(f,0,1024)));
let r=0xffff; for (let c=2;c<8;c++){ r=newtonStepRecInvSqrt(r,c); console.log(c,r,r/65536,1/Math.sqrt(c)); }
