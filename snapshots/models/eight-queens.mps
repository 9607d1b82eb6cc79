* qspec 0.1.0
* source: models/eight-queens.qspec
* model variables: 64
* constraints: 43
* constraints from rule no_attack: 42
* constraints from count: 1
NAME qspec
ROWS
 N  obj
 L  r0_no_attack
 L  r1_no_attack
 L  r2_no_attack
 L  r3_no_attack
 L  r4_no_attack
 L  r5_no_attack
 L  r6_no_attack
 L  r7_no_attack
 L  r8_no_attack
 L  r9_no_attack
 L  r10_no_attack
 L  r11_no_attack
 L  r12_no_attack
 L  r13_no_attack
 L  r14_no_attack
 L  r15_no_attack
 L  r16_no_attack
 L  r17_no_attack
 L  r18_no_attack
 L  r19_no_attack
 L  r20_no_attack
 L  r21_no_attack
 L  r22_no_attack
 L  r23_no_attack
 L  r24_no_attack
 L  r25_no_attack
 L  r26_no_attack
 L  r27_no_attack
 L  r28_no_attack
 L  r29_no_attack
 L  r30_no_attack
 L  r31_no_attack
 L  r32_no_attack
 L  r33_no_attack
 L  r34_no_attack
 L  r35_no_attack
 L  r36_no_attack
 L  r37_no_attack
 L  r38_no_attack
 L  r39_no_attack
 L  r40_no_attack
 L  r41_no_attack
 E  r42_count
COLUMNS
    MARKER                 'MARKER'                 'INTORG'
    x_0_0     r0_no_attack 1
    x_0_0     r21_no_attack 1
    x_0_0     r29_no_attack 1
    x_0_0     r42_count 1
    x_0_1     r0_no_attack 1
    x_0_1     r8_no_attack 1
    x_0_1     r22_no_attack 1
    x_0_1     r30_no_attack 1
    x_0_1     r42_count 1
    x_0_2     r0_no_attack 1
    x_0_2     r9_no_attack 1
    x_0_2     r23_no_attack 1
    x_0_2     r31_no_attack 1
    x_0_2     r42_count 1
    x_0_3     r0_no_attack 1
    x_0_3     r10_no_attack 1
    x_0_3     r24_no_attack 1
    x_0_3     r32_no_attack 1
    x_0_3     r42_count 1
    x_0_4     r0_no_attack 1
    x_0_4     r11_no_attack 1
    x_0_4     r25_no_attack 1
    x_0_4     r33_no_attack 1
    x_0_4     r42_count 1
    x_0_5     r0_no_attack 1
    x_0_5     r12_no_attack 1
    x_0_5     r26_no_attack 1
    x_0_5     r34_no_attack 1
    x_0_5     r42_count 1
    x_0_6     r0_no_attack 1
    x_0_6     r13_no_attack 1
    x_0_6     r27_no_attack 1
    x_0_6     r35_no_attack 1
    x_0_6     r42_count 1
    x_0_7     r0_no_attack 1
    x_0_7     r14_no_attack 1
    x_0_7     r28_no_attack 1
    x_0_7     r42_count 1
    x_1_0     r1_no_attack 1
    x_1_0     r8_no_attack 1
    x_1_0     r21_no_attack 1
    x_1_0     r36_no_attack 1
    x_1_0     r42_count 1
    x_1_1     r1_no_attack 1
    x_1_1     r9_no_attack 1
    x_1_1     r22_no_attack 1
    x_1_1     r29_no_attack 1
    x_1_1     r42_count 1
    x_1_2     r1_no_attack 1
    x_1_2     r10_no_attack 1
    x_1_2     r23_no_attack 1
    x_1_2     r30_no_attack 1
    x_1_2     r42_count 1
    x_1_3     r1_no_attack 1
    x_1_3     r11_no_attack 1
    x_1_3     r24_no_attack 1
    x_1_3     r31_no_attack 1
    x_1_3     r42_count 1
    x_1_4     r1_no_attack 1
    x_1_4     r12_no_attack 1
    x_1_4     r25_no_attack 1
    x_1_4     r32_no_attack 1
    x_1_4     r42_count 1
    x_1_5     r1_no_attack 1
    x_1_5     r13_no_attack 1
    x_1_5     r26_no_attack 1
    x_1_5     r33_no_attack 1
    x_1_5     r42_count 1
    x_1_6     r1_no_attack 1
    x_1_6     r14_no_attack 1
    x_1_6     r27_no_attack 1
    x_1_6     r34_no_attack 1
    x_1_6     r42_count 1
    x_1_7     r1_no_attack 1
    x_1_7     r15_no_attack 1
    x_1_7     r28_no_attack 1
    x_1_7     r35_no_attack 1
    x_1_7     r42_count 1
    x_2_0     r2_no_attack 1
    x_2_0     r9_no_attack 1
    x_2_0     r21_no_attack 1
    x_2_0     r37_no_attack 1
    x_2_0     r42_count 1
    x_2_1     r2_no_attack 1
    x_2_1     r10_no_attack 1
    x_2_1     r22_no_attack 1
    x_2_1     r36_no_attack 1
    x_2_1     r42_count 1
    x_2_2     r2_no_attack 1
    x_2_2     r11_no_attack 1
    x_2_2     r23_no_attack 1
    x_2_2     r29_no_attack 1
    x_2_2     r42_count 1
    x_2_3     r2_no_attack 1
    x_2_3     r12_no_attack 1
    x_2_3     r24_no_attack 1
    x_2_3     r30_no_attack 1
    x_2_3     r42_count 1
    x_2_4     r2_no_attack 1
    x_2_4     r13_no_attack 1
    x_2_4     r25_no_attack 1
    x_2_4     r31_no_attack 1
    x_2_4     r42_count 1
    x_2_5     r2_no_attack 1
    x_2_5     r14_no_attack 1
    x_2_5     r26_no_attack 1
    x_2_5     r32_no_attack 1
    x_2_5     r42_count 1
    x_2_6     r2_no_attack 1
    x_2_6     r15_no_attack 1
    x_2_6     r27_no_attack 1
    x_2_6     r33_no_attack 1
    x_2_6     r42_count 1
    x_2_7     r2_no_attack 1
    x_2_7     r16_no_attack 1
    x_2_7     r28_no_attack 1
    x_2_7     r34_no_attack 1
    x_2_7     r42_count 1
    x_3_0     r3_no_attack 1
    x_3_0     r10_no_attack 1
    x_3_0     r21_no_attack 1
    x_3_0     r38_no_attack 1
    x_3_0     r42_count 1
    x_3_1     r3_no_attack 1
    x_3_1     r11_no_attack 1
    x_3_1     r22_no_attack 1
    x_3_1     r37_no_attack 1
    x_3_1     r42_count 1
    x_3_2     r3_no_attack 1
    x_3_2     r12_no_attack 1
    x_3_2     r23_no_attack 1
    x_3_2     r36_no_attack 1
    x_3_2     r42_count 1
    x_3_3     r3_no_attack 1
    x_3_3     r13_no_attack 1
    x_3_3     r24_no_attack 1
    x_3_3     r29_no_attack 1
    x_3_3     r42_count 1
    x_3_4     r3_no_attack 1
    x_3_4     r14_no_attack 1
    x_3_4     r25_no_attack 1
    x_3_4     r30_no_attack 1
    x_3_4     r42_count 1
    x_3_5     r3_no_attack 1
    x_3_5     r15_no_attack 1
    x_3_5     r26_no_attack 1
    x_3_5     r31_no_attack 1
    x_3_5     r42_count 1
    x_3_6     r3_no_attack 1
    x_3_6     r16_no_attack 1
    x_3_6     r27_no_attack 1
    x_3_6     r32_no_attack 1
    x_3_6     r42_count 1
    x_3_7     r3_no_attack 1
    x_3_7     r17_no_attack 1
    x_3_7     r28_no_attack 1
    x_3_7     r33_no_attack 1
    x_3_7     r42_count 1
    x_4_0     r4_no_attack 1
    x_4_0     r11_no_attack 1
    x_4_0     r21_no_attack 1
    x_4_0     r39_no_attack 1
    x_4_0     r42_count 1
    x_4_1     r4_no_attack 1
    x_4_1     r12_no_attack 1
    x_4_1     r22_no_attack 1
    x_4_1     r38_no_attack 1
    x_4_1     r42_count 1
    x_4_2     r4_no_attack 1
    x_4_2     r13_no_attack 1
    x_4_2     r23_no_attack 1
    x_4_2     r37_no_attack 1
    x_4_2     r42_count 1
    x_4_3     r4_no_attack 1
    x_4_3     r14_no_attack 1
    x_4_3     r24_no_attack 1
    x_4_3     r36_no_attack 1
    x_4_3     r42_count 1
    x_4_4     r4_no_attack 1
    x_4_4     r15_no_attack 1
    x_4_4     r25_no_attack 1
    x_4_4     r29_no_attack 1
    x_4_4     r42_count 1
    x_4_5     r4_no_attack 1
    x_4_5     r16_no_attack 1
    x_4_5     r26_no_attack 1
    x_4_5     r30_no_attack 1
    x_4_5     r42_count 1
    x_4_6     r4_no_attack 1
    x_4_6     r17_no_attack 1
    x_4_6     r27_no_attack 1
    x_4_6     r31_no_attack 1
    x_4_6     r42_count 1
    x_4_7     r4_no_attack 1
    x_4_7     r18_no_attack 1
    x_4_7     r28_no_attack 1
    x_4_7     r32_no_attack 1
    x_4_7     r42_count 1
    x_5_0     r5_no_attack 1
    x_5_0     r12_no_attack 1
    x_5_0     r21_no_attack 1
    x_5_0     r40_no_attack 1
    x_5_0     r42_count 1
    x_5_1     r5_no_attack 1
    x_5_1     r13_no_attack 1
    x_5_1     r22_no_attack 1
    x_5_1     r39_no_attack 1
    x_5_1     r42_count 1
    x_5_2     r5_no_attack 1
    x_5_2     r14_no_attack 1
    x_5_2     r23_no_attack 1
    x_5_2     r38_no_attack 1
    x_5_2     r42_count 1
    x_5_3     r5_no_attack 1
    x_5_3     r15_no_attack 1
    x_5_3     r24_no_attack 1
    x_5_3     r37_no_attack 1
    x_5_3     r42_count 1
    x_5_4     r5_no_attack 1
    x_5_4     r16_no_attack 1
    x_5_4     r25_no_attack 1
    x_5_4     r36_no_attack 1
    x_5_4     r42_count 1
    x_5_5     r5_no_attack 1
    x_5_5     r17_no_attack 1
    x_5_5     r26_no_attack 1
    x_5_5     r29_no_attack 1
    x_5_5     r42_count 1
    x_5_6     r5_no_attack 1
    x_5_6     r18_no_attack 1
    x_5_6     r27_no_attack 1
    x_5_6     r30_no_attack 1
    x_5_6     r42_count 1
    x_5_7     r5_no_attack 1
    x_5_7     r19_no_attack 1
    x_5_7     r28_no_attack 1
    x_5_7     r31_no_attack 1
    x_5_7     r42_count 1
    x_6_0     r6_no_attack 1
    x_6_0     r13_no_attack 1
    x_6_0     r21_no_attack 1
    x_6_0     r41_no_attack 1
    x_6_0     r42_count 1
    x_6_1     r6_no_attack 1
    x_6_1     r14_no_attack 1
    x_6_1     r22_no_attack 1
    x_6_1     r40_no_attack 1
    x_6_1     r42_count 1
    x_6_2     r6_no_attack 1
    x_6_2     r15_no_attack 1
    x_6_2     r23_no_attack 1
    x_6_2     r39_no_attack 1
    x_6_2     r42_count 1
    x_6_3     r6_no_attack 1
    x_6_3     r16_no_attack 1
    x_6_3     r24_no_attack 1
    x_6_3     r38_no_attack 1
    x_6_3     r42_count 1
    x_6_4     r6_no_attack 1
    x_6_4     r17_no_attack 1
    x_6_4     r25_no_attack 1
    x_6_4     r37_no_attack 1
    x_6_4     r42_count 1
    x_6_5     r6_no_attack 1
    x_6_5     r18_no_attack 1
    x_6_5     r26_no_attack 1
    x_6_5     r36_no_attack 1
    x_6_5     r42_count 1
    x_6_6     r6_no_attack 1
    x_6_6     r19_no_attack 1
    x_6_6     r27_no_attack 1
    x_6_6     r29_no_attack 1
    x_6_6     r42_count 1
    x_6_7     r6_no_attack 1
    x_6_7     r20_no_attack 1
    x_6_7     r28_no_attack 1
    x_6_7     r30_no_attack 1
    x_6_7     r42_count 1
    x_7_0     r7_no_attack 1
    x_7_0     r14_no_attack 1
    x_7_0     r21_no_attack 1
    x_7_0     r42_count 1
    x_7_1     r7_no_attack 1
    x_7_1     r15_no_attack 1
    x_7_1     r22_no_attack 1
    x_7_1     r41_no_attack 1
    x_7_1     r42_count 1
    x_7_2     r7_no_attack 1
    x_7_2     r16_no_attack 1
    x_7_2     r23_no_attack 1
    x_7_2     r40_no_attack 1
    x_7_2     r42_count 1
    x_7_3     r7_no_attack 1
    x_7_3     r17_no_attack 1
    x_7_3     r24_no_attack 1
    x_7_3     r39_no_attack 1
    x_7_3     r42_count 1
    x_7_4     r7_no_attack 1
    x_7_4     r18_no_attack 1
    x_7_4     r25_no_attack 1
    x_7_4     r38_no_attack 1
    x_7_4     r42_count 1
    x_7_5     r7_no_attack 1
    x_7_5     r19_no_attack 1
    x_7_5     r26_no_attack 1
    x_7_5     r37_no_attack 1
    x_7_5     r42_count 1
    x_7_6     r7_no_attack 1
    x_7_6     r20_no_attack 1
    x_7_6     r27_no_attack 1
    x_7_6     r36_no_attack 1
    x_7_6     r42_count 1
    x_7_7     r7_no_attack 1
    x_7_7     r28_no_attack 1
    x_7_7     r29_no_attack 1
    x_7_7     r42_count 1
    MARKER                 'MARKER'                 'INTEND'
RHS
    RHS       r0_no_attack 1
    RHS       r1_no_attack 1
    RHS       r2_no_attack 1
    RHS       r3_no_attack 1
    RHS       r4_no_attack 1
    RHS       r5_no_attack 1
    RHS       r6_no_attack 1
    RHS       r7_no_attack 1
    RHS       r8_no_attack 1
    RHS       r9_no_attack 1
    RHS       r10_no_attack 1
    RHS       r11_no_attack 1
    RHS       r12_no_attack 1
    RHS       r13_no_attack 1
    RHS       r14_no_attack 1
    RHS       r15_no_attack 1
    RHS       r16_no_attack 1
    RHS       r17_no_attack 1
    RHS       r18_no_attack 1
    RHS       r19_no_attack 1
    RHS       r20_no_attack 1
    RHS       r21_no_attack 1
    RHS       r22_no_attack 1
    RHS       r23_no_attack 1
    RHS       r24_no_attack 1
    RHS       r25_no_attack 1
    RHS       r26_no_attack 1
    RHS       r27_no_attack 1
    RHS       r28_no_attack 1
    RHS       r29_no_attack 1
    RHS       r30_no_attack 1
    RHS       r31_no_attack 1
    RHS       r32_no_attack 1
    RHS       r33_no_attack 1
    RHS       r34_no_attack 1
    RHS       r35_no_attack 1
    RHS       r36_no_attack 1
    RHS       r37_no_attack 1
    RHS       r38_no_attack 1
    RHS       r39_no_attack 1
    RHS       r40_no_attack 1
    RHS       r41_no_attack 1
    RHS       r42_count 8
BOUNDS
 UP BND       x_0_0     1
 UP BND       x_0_1     1
 UP BND       x_0_2     1
 UP BND       x_0_3     1
 UP BND       x_0_4     1
 UP BND       x_0_5     1
 UP BND       x_0_6     1
 UP BND       x_0_7     1
 UP BND       x_1_0     1
 UP BND       x_1_1     1
 UP BND       x_1_2     1
 UP BND       x_1_3     1
 UP BND       x_1_4     1
 UP BND       x_1_5     1
 UP BND       x_1_6     1
 UP BND       x_1_7     1
 UP BND       x_2_0     1
 UP BND       x_2_1     1
 UP BND       x_2_2     1
 UP BND       x_2_3     1
 UP BND       x_2_4     1
 UP BND       x_2_5     1
 UP BND       x_2_6     1
 UP BND       x_2_7     1
 UP BND       x_3_0     1
 UP BND       x_3_1     1
 UP BND       x_3_2     1
 UP BND       x_3_3     1
 UP BND       x_3_4     1
 UP BND       x_3_5     1
 UP BND       x_3_6     1
 UP BND       x_3_7     1
 UP BND       x_4_0     1
 UP BND       x_4_1     1
 UP BND       x_4_2     1
 UP BND       x_4_3     1
 UP BND       x_4_4     1
 UP BND       x_4_5     1
 UP BND       x_4_6     1
 UP BND       x_4_7     1
 UP BND       x_5_0     1
 UP BND       x_5_1     1
 UP BND       x_5_2     1
 UP BND       x_5_3     1
 UP BND       x_5_4     1
 UP BND       x_5_5     1
 UP BND       x_5_6     1
 UP BND       x_5_7     1
 UP BND       x_6_0     1
 UP BND       x_6_1     1
 UP BND       x_6_2     1
 UP BND       x_6_3     1
 UP BND       x_6_4     1
 UP BND       x_6_5     1
 UP BND       x_6_6     1
 UP BND       x_6_7     1
 UP BND       x_7_0     1
 UP BND       x_7_1     1
 UP BND       x_7_2     1
 UP BND       x_7_3     1
 UP BND       x_7_4     1
 UP BND       x_7_5     1
 UP BND       x_7_6     1
 UP BND       x_7_7     1
ENDATA
