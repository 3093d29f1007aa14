B --modes loop-over-kernel --l2 flush --reps 10 --samples 10 --kernels cuda_memcpy,ours_best --dtype T --size (per type) --csv ab-c07ae66-SIDE-T-P.csv
(B: build/ci/transpose_bench of the base tree d250011 and of c07ae66; passes alternate base, new)
fp16: 201x318409 220x290909 233x274678 249x257028 255x250981 240x266667 193x331606
u8: 401x319203 433x295612 450x284445 497x257544 511x250489 480x266667 385x332466
