B --modes loop-over-kernel --l2 flush --reps 10 --samples 10 --kernels cuda_memcpy,ours_best --dtype T --size (per type) --csv ab-9035ebd-SIDE-T-P.csv
(B: build/ci/transpose_bench of the base tree e48de51 and of 9035ebd; passes alternate base, new)
fp32: 65x492307 70x457143 80x400001 90x355555 97x329897 100x320001 101x316833 127x251969
fp16: 129x496125 136x470589 144x444445 161x397515 180x355555 199x321609 200x320001 201x318409
u8: 257x498055 264x484849 272x470589 300x426667 333x384385 399x320803 401x319203
